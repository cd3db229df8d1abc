// `node scripts/prerender-home.mjs WEB_DIST SSR_DIR`: writes WEB_DIST/home.html, index.html with the
// home page's markup inside #root (rendered by SSR_DIR/home.js, the `vite build --ssr` of
// apps/web/src/prerender/home.tsx), then removes SSR_DIR. The server sends home.html for `/`, so the
// hero paints from HTML and CSS before the JavaScript runs; main.tsx hydrates it.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [distDir, ssrDir] = process.argv.slice(2);
if (!distDir || !ssrDir) throw new Error('usage: prerender-home.mjs WEB_DIST SSR_DIR');

const { renderHome } = await import(pathToFileURL(path.resolve(ssrDir, 'home.js')).href);
// React hoists the page's <title> into <head> on the client; index.html's head already has the same one.
const markup = /** @type {string} */ (renderHome()).replace(/<title>[^<]*<\/title>/g, '');
if (/<script/i.test(markup))
  throw new Error('the prerendered home page holds a script (the CSP forbids inline scripts)');
const index = readFileSync(path.join(distDir, 'index.html'), 'utf8');
const root = '<div id="root"></div>';
if (!index.includes(root)) throw new Error(`${distDir}/index.html has no empty ${root}`);
writeFileSync(
  path.join(distDir, 'home.html'),
  index.replace(root, `<div id="root">${markup}</div>`),
);
rmSync(ssrDir, { recursive: true, force: true });
console.log(
  `prerender-home: ${distDir}/home.html (${(markup.length / 1024).toFixed(1)} KB of markup)`,
);
