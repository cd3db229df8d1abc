import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// One router for the page's life (created outside React so StrictMode cannot make two).
const router = createAppRouter();

const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

// `/` arrives prerendered (dist/home.html, scripts/prerender-home.mjs): hydrate it. Every other page
// arrives empty (index.html); createRoot would also replace any markup left in the container.
// Both run as a transition: React then yields to the browser every few milliseconds instead of holding
// the main thread for the whole tree (a click on the prerendered page meanwhile hydrates its target
// first), which is what Lighthouse's Total Blocking Time measured on phones (docs/benchmarks.md,
// "Home page").
startTransition(() => {
  if (container.firstElementChild && window.location.pathname === '/') hydrateRoot(container, app);
  else createRoot(container).render(app);
});
// The app's handlers are attached from here on (e2e/support/home.ts waits for this on the home page).
container.dataset.app = 'started';
