import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';

/** Renders routes in a memory router with the app's providers and a retry-free query client. */
export function renderRoutes(routes: RouteObject[], initialEntries: string[] = ['/']) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, ...view };
}

/** A route that only shows where the test ended up. */
export const landing = (path: string, text = `landed on ${path}`): RouteObject => ({
  path,
  element: <p>{text}</p>,
});
