import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { preloadRoute, routes } from '@/app/router';
import { AppRoutes } from '@/app/routing/app-routes';
import { AppBrowserRouter } from '@/app/routing/browser-router';
import { watchChunkErrors } from '@/app/routing/stale-build';
import { createQueryClient } from '@/lib/query-client';
import { readPageData, seedPageData } from '@/prerender/page-data';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// A screen's chunk missing (two deploys since the page was opened) reloads the page once
// (routing/stale-build.ts).
watchChunkErrors();

const queryClient = createQueryClient();
// A server-rendered product page carries the answers it was rendered with: the first render must
// be the server's for hydration, so they go in the cache before it.
const pageData = readPageData(container);
if (pageData) seedPageData(queryClient, pageData);

// Set once the first render or the hydration is committed (a hydration in progress cannot yet
// handle a click on a link: the browser would follow it as a new page load). e2e/support/home.ts
// waits for it.
const started = () => {
  container.dataset.app = 'started';
};

const app = (
  <StrictMode>
    <App queryClient={queryClient} onStarted={started}>
      <AppBrowserRouter>
        <AppRoutes routes={routes} />
      </AppBrowserRouter>
    </App>
  </StrictMode>
);

// `/` arrives prerendered (dist/home.html, scripts/prerender-home.mjs), a product page rendered by the
// server (plugins/product-pages.ts): hydrate them, once the route's code is here. Every other page
// arrives empty (index.html); createRoot would also replace any markup left in the container.
// Both run as a transition: React then yields to the browser every few milliseconds instead of holding
// the main thread for the whole tree (a click on the prerendered page meanwhile hydrates its target
// first), which is what Lighthouse's Total Blocking Time measured on phones (docs/benchmarks.md,
// "Home page").
const hydrate = () => startTransition(() => void hydrateRoot(container, app));
if (!container.firstElementChild) startTransition(() => createRoot(container).render(app));
else {
  // A product page's screen is a lazy chunk: loaded first, it renders in the hydration's first pass,
  // as the server's markup. If the load fails, the hydration goes ahead: the screen's first render
  // loads it again, and if that fails too the router's boundary takes it (routing/router-error.tsx:
  // one reload for a chunk that is gone, else the error screen).
  const loading = preloadRoute(window.location.pathname);
  if (loading) loading.then(hydrate, hydrate);
  else hydrate();
}
