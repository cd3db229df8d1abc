import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isUnderApi } from '../lib/api-url';
import { catalogueCache } from '../modules/products';
import { maintenanceCache } from '../modules/maintenance';
import { productPagesOf } from './product-pages';
import { IndexPage } from './web-page';

/** A file name directly in assets/ (no folder, no leading dot). */
const ASSET_NAME = /^\/assets\/(\w[\w.-]*)$/;

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (found) => found.isFile(),
    () => false,
  );
}

const PAGE_FILES = ['index.html', 'home.html', 'product.html'].flatMap((f) => [
  f,
  `${f}.br`,
  `${f}.gz`,
]);

/**
 * Serves the built web app: hashed assets cached for a year, precompressed brotli/gzip when the
 * build left them, and index.html (from memory, see web-page.ts) for / and any other GET so client
 * routes work on reload. `/` gets home.html instead when the build left it (index.html with the home
 * page prerendered into it, scripts/prerender-home.mjs), and a product page its page rendered on
 * the server when the build left product.html and its SSR bundle (`<distDir>-ssr/pages.js`, see
 * product-pages.ts). An /assets file published after the start (the next build's) is served from
 * disk too. Unknown /api paths and missing /assets files stay JSON 404s.
 */
export default fp(
  async function webPlugin(app: FastifyInstance, opts: { distDir: string | null }) {
    const root =
      opts.distDir && existsSync(path.join(opts.distDir, 'index.html')) ? opts.distDir : null;
    const page = root ? IndexPage.fromFile(path.join(root, 'index.html')) : null;
    const homeFile = root && path.join(root, 'home.html');
    const home = homeFile && existsSync(homeFile) ? IndexPage.fromFile(homeFile) : page;
    if (root && page && home) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        globIgnore: PAGE_FILES,
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            'cache-control',
            hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
      // The pages a launch link points at get their own routes (the not-found path costs more per
      // request); every other client route falls back to the same page below.
      const products = productPagesOf(
        { template: path.join(root, 'product.html'), bundle: `${root}-ssr${path.sep}pages.js` },
        { catalogue: await catalogueCache(app), maintenance: await maintenanceCache(app) },
        app.log,
      );
      // The renderer is imported once the server listens (not before: it would add to the start).
      if (products) {
        app.addHook('onListen', function loadProductRenderer(done) {
          void products.load();
          done();
        });
      }
      app.get('/', (request, reply) => home.send(request, reply));
      app.get('/index.html', (request, reply) => page.send(request, reply));
      app.get<{ Params: { slug: string } }>('/product/:slug', async (request, reply) => {
        const rendered = products && (await products.page(request.params.slug));
        return (rendered ?? page).send(request, reply);
      });
      // The same pages from memory before Fastify (plugins/hot-reads.ts); a query changes nothing.
      app.hotReads.add(/^\/(?:\?[^#]*)?$/);
      app.hotReads.add('/index.html');
      app.hotReads.add(/^\/product\/[\w-]+(?:\?[^#]*)?$/, products?.source, { perUrl: true });
    } else {
      app.log.warn('No built web app found: only the API is served (run npm run build)');
    }

    const assetsDir = root && path.join(root, 'assets');
    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0]!;
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      // A file published into the folder after this process started (the routes above are the files
      // found at start): a page of the next build, while processes are replaced one at a time, asks
      // this one for its chunks. Without this it would reload (stale-build.ts) to get the old build.
      const asset = assetsDir && isRead ? ASSET_NAME.exec(pathname)?.[1] : undefined;
      if (assetsDir && asset && (await isFile(path.join(assetsDir, asset)))) {
        return reply.sendFile(asset, assetsDir);
      }
      // A missing asset is a 404, not the page: a tab still running an older build asks for chunks
      // that are gone (the app then reloads, apps/web/src/app/routing/stale-build.ts), and
      // the page's HTML with a 200 would be refused as a script anyway, and kept by any cache between.
      if (page && !isUnderApi(request.url) && !pathname.startsWith('/assets/') && isRead) {
        return page.send(request, reply);
      }
      return reply.status(404).send({ message: `No route for ${request.method} ${pathname}.` });
    });
  },
  { name: 'web' },
);
