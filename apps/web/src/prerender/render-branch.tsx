import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter, type RouteObject } from 'react-router';
import { App } from '@/app/app';
import { AppRoutes } from '@/app/routing/app-routes';
import { AppShell } from '@/app/shell/app-shell';

/**
 * The app's markup at `location` with one branch of the client's route table under the shell (the
 * same components at the same positions as main.tsx renders them, so that it hydrates), and only
 * that branch in the SSR bundle: the lazy pages (Monaco among them) stay out.
 */
export function renderBranch(
  location: string,
  branch: RouteObject,
  queryClient?: QueryClient,
): string {
  return renderToString(
    <StrictMode>
      <App queryClient={queryClient}>
        <StaticRouter location={location}>
          <AppRoutes routes={[{ path: '/', Component: AppShell, children: [branch] }]} />
        </StaticRouter>
      </App>
    </StrictMode>,
  );
}
