import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { IndexPage } from './web-page';

const PAGE_FILES = ['index.html', 'home.html'].flatMap((f) => [f, `${f}.br`, `${f}.gz`]);

/**
 * Serves the built web app: hashed assets cached for a year, precompressed brotli/gzip when the
 * build left them, and index.html (from memory, see web-page.ts) for / and any other GET so client
 * routes work on reload. `/` gets home.html instead when the build left it (index.html with the home
 * page prerendered into it, scripts/prerender-home.mjs). Unknown /api paths stay JSON 404s.
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
      app.get('/', (request, reply) => home.send(request, reply));
      for (const url of ['/index.html', '/product/:slug']) {
        app.get(url, (request, reply) => page.send(request, reply));
      }
      // The same pages from memory before Fastify (plugins/hot-reads.ts); a query changes nothing.
      app.hotReads.add(/^\/(?:\?[^#]*)?$/);
      app.hotReads.add('/index.html');
      app.hotReads.add(/^\/product\/[\w-]+(?:\?[^#]*)?$/);
    } else {
      app.log.warn('No built web app found: only the API is served (run npm run build)');
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0]!;
      const isApi = pathname === '/api' || pathname.startsWith('/api/');
      if (page && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
        return page.send(request, reply);
      }
      return reply.status(404).send({ message: `No route for ${request.method} ${pathname}.` });
    });
  },
  { name: 'web' },
);
