import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomeRoute } from '../features/home/routes/home';
import { AppShell } from './shell/app-shell';

// No errorElement and no catch-all: React Router's default error screen
// ("Unexpected Application Error!") handles unknown routes and render failures, as the spec shows.
// Home is the landing page, so it ships in the entry chunk; later routes use `lazy`.
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    children: [{ index: true, Component: HomeRoute }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
