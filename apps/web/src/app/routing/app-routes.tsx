import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { RouterErrorBoundary } from './router-error';

/**
 * The screen of `routes` for the current location, or the error screen if it fails to render. The
 * browser gets the whole table (app/router.tsx); the prerender gets one branch of it.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  return <RouterErrorBoundary resetKey={location.key}>{useRoutes(routes)}</RouterErrorBoundary>;
}
