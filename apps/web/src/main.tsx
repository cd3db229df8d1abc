import { StrictMode } from 'react';
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
if (container.firstElementChild && window.location.pathname === '/') hydrateRoot(container, app);
else createRoot(container).render(app);
