// The server-side rendering bundle (`vite build --ssr src/prerender/pages.ts --outDir dist-ssr`):
// the home page, prerendered at build time (scripts/prerender-home.mjs), and product pages, rendered
// by the server from its catalogue (apps/server/src/plugins/product-pages.ts).
export { renderHome } from './home';
export { renderProduct } from './product';
export type { PageData } from './page-data';
