import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from '@/app/app';
import { AppRoutes } from '@/app/routing/app-routes';
import { HomeRoute } from '@/features/home';
import { AppShell } from '@/app/shell/app-shell';

/**
 * The home page's markup as a signed-out first visit renders it before any answer arrives (queries
 * pending, no token), for scripts/prerender-home.mjs to put in dist/home.html, which the server sends
 * for `/` and main.tsx hydrates. The route tree is the client's `/` branch only (the same shell and
 * index route at the same positions), so the SSR bundle leaves out the lazy pages (Monaco among them).
 */
export function renderHome(): string {
  return renderToString(
    <StrictMode>
      <App>
        <StaticRouter location="/">
          <AppRoutes
            routes={[
              { path: '/', Component: AppShell, children: [{ index: true, Component: HomeRoute }] },
            ]}
          />
        </StaticRouter>
      </App>
    </StrictMode>,
  );
}
