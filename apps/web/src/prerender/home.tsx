import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/app';
import { HomeRoute } from '@/features/home';
import { AppShell } from '@/app/shell/app-shell';

/**
 * The home page's markup as a signed-out first visit renders it before any answer arrives (queries
 * pending, no token), for scripts/prerender-home.mjs to put in dist/home.html, which the server sends
 * for `/` and main.tsx hydrates. The route tree is the client's `/` branch only (the same shell and
 * index route at the same positions), so the SSR bundle leaves out the lazy pages (Monaco among them).
 */
export function renderHome(): string {
  const router = createMemoryRouter(
    [{ path: '/', Component: AppShell, children: [{ index: true, Component: HomeRoute }] }],
    { initialEntries: ['/'] },
  );
  return renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}
