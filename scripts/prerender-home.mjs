// `node scripts/prerender-home.mjs WEB_DIST SSR_DIR`: writes WEB_DIST/home.html, index.html with the
// home page's markup inside #root (rendered by SSR_DIR/pages.js, the `vite build --ssr` of
// apps/web/src/prerender/pages.ts). The server sends home.html for `/`, so the hero paints from HTML
// and CSS before the JavaScript runs; main.tsx hydrates it. It also writes WEB_DIST/product.html, the
// same page with an empty #root, which the server fills with a product page rendered by
// SSR_DIR/pages.js from its catalogue (apps/server/src/plugins/product-pages.ts); SSR_DIR stays.
//
// home.html does not run the app's entry script (about 390 KB) at once: it runs
// WEB_DIST/assets/home-start-<hash>.js, which imports the entry once the first contentful paint is on
// screen. Fetched and evaluated before that paint, the entry held the page's first paint behind it on
// a slow phone (Lighthouse mobile: FCP 1.7 s, LCP 1.8 s; after: 1.0 s and 1.05 s, with time to
// interactive 0.15 s later; docs/benchmarks.md, "Home page"). The page works without JavaScript
// meanwhile: every link is a plain link.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';

const [distDir, ssrDir] = process.argv.slice(2);
if (!distDir || !ssrDir) throw new Error('usage: prerender-home.mjs WEB_DIST SSR_DIR');

// React's production build renders the page, as on the server (scripts/lib/server-build.mjs).
process.env.NODE_ENV ??= 'production';
const { renderHome } = await import(pathToFileURL(path.resolve(ssrDir, 'pages.js')).href);
// React hoists the page's <title> into <head> on the client; index.html's head already has the same one.
const markup = /** @type {string} */ (renderHome()).replace(/<title>[^<]*<\/title>/g, '');
if (/<script/i.test(markup))
  throw new Error('the prerendered home page holds a script (the CSP forbids inline scripts)');
const index = readFileSync(path.join(distDir, 'index.html'), 'utf8');
const root = '<div id="root"></div>';
if (!index.includes(root)) throw new Error(`${distDir}/index.html has no empty ${root}`);
const entryTag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const entry = index.match(entryTag);
if (!entry) throw new Error(`${distDir}/index.html has no module entry script`);
const entryUrl = /** @type {string} */ (entry[1]);
// Starts once the browser reports the page's first contentful paint (a Paint Timing entry, which comes
// after the frame is on screen); without Paint Timing, after the next frame; in a hidden tab, which
// paints nothing, at once; and in any case 3 s after it runs.
const startScript = `let started = false;
const start = () => {
  if (started) return;
  started = true;
  import(${JSON.stringify(entryUrl)});
};
if (document.visibilityState === 'hidden') start();
else if (PerformanceObserver.supportedEntryTypes?.includes('paint'))
  new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length) start();
  }).observe({ type: 'paint', buffered: true });
else requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 3000);
`;
const { code: startCode } = transformSync(startScript, { minify: true, format: 'esm' });
const startFile = `assets/home-start-${createHash('sha256').update(startCode).digest('hex').slice(0, 8)}.js`;
writeFileSync(path.join(distDir, startFile), startCode);
const page = index
  .replace(entryTag, `<script type="module" crossorigin src="/${startFile}"></script>`)
  // The start script's import fetches the entry's chunks after the paint; preloaded, they would be
  // fetched at high priority beside the stylesheet again.
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
writeFileSync(
  path.join(distDir, 'home.html'),
  page.replace(root, `<div id="root">${markup}</div>`),
);
writeFileSync(path.join(distDir, 'product.html'), page);
console.log(
  `prerender-home: ${distDir}/home.html (${(markup.length / 1024).toFixed(1)} KB of markup)`,
);
