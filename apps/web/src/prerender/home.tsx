import { HomeRoute } from '@/features/home';
import { renderBranch } from './render-branch';

/**
 * The home page's markup as a signed-out first visit renders it before any answer arrives (queries
 * pending, no token), for scripts/prerender-home.mjs to put in dist/home.html, which the server sends
 * for `/` and main.tsx hydrates. The route tree is the client's `/` branch only (the same shell and
 * index route at the same positions), so the SSR bundle leaves out the lazy pages (Monaco among them).
 */
export function renderHome(): string {
  return renderBranch('/', { index: true, Component: HomeRoute });
}
