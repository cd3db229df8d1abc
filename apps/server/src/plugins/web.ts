import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year, precompressed brotli/gzip when the
 * build left them, and index.html for any other GET so client routes work on reload.
 * Unknown /api paths stay JSON 404s.
 */
export default fp(
  async function webPlugin(app: FastifyInstance, opts: { distDir: string | null }) {
    const root =
      opts.distDir && existsSync(path.join(opts.distDir, 'index.html')) ? opts.distDir : null;
    if (root) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
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
    } else {
      app.log.warn('No built web app found: only the API is served (run npm run build)');
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0]!;
      const isApi = pathname === '/api' || pathname.startsWith('/api/');
      if (root && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
        reply.header('cache-control', 'no-cache');
        return reply.sendFile('index.html');
      }
      return reply.status(404).send({ message: `No route for ${request.method} ${pathname}.` });
    });
  },
  { name: 'web' },
);
