import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productListSchema } from '@stellar/shared';
import { EVENTS_CHANNEL } from '../events';
import { CatalogueCache } from './products.cache';

const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The catalogue changes only through the seed or a command that records catalogue.changed:
  // served from memory with an ETag, cleared by that event in every process.
  const catalogue = new CatalogueCache(app.db);
  const unlisten = await app.database.listen(EVENTS_CHANNEL, (payload) => {
    if (payload.includes('"type":"catalogue.changed"')) catalogue.invalidate();
  });
  app.addHook('onClose', async () => {
    await unlisten().catch(() => undefined);
  });

  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        description: 'Answers with an ETag; send it back in If-None-Match for a 304.',
        response: { 200: productListSchema },
      },
    },
    async (request, typedReply) => {
      // The body is JSON text already: sent as is (Fastify does not serialise a string payload).
      const reply = typedReply as unknown as FastifyReply;
      const { body, etag } = await catalogue.get();
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
};
export default productsRoutes;
