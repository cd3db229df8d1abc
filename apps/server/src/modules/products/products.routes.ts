import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productListSchema } from '@stellar/shared';
import { sendCachedJson } from '../../lib/json-cache';
import { catalogueCache } from './products.catalogue';

const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The catalogue changes only through the seed or a command that records catalogue.changed:
  // served from memory with an ETag, cleared by that event in every process.
  const catalogue = await catalogueCache(app);
  app.hotReads.add(`${app.prefix}/products`, () => catalogue.peek());

  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        description: 'Answers with an ETag; send it back in If-None-Match for a 304.',
        response: { 200: productListSchema },
      },
    },
    (request, reply) => sendCachedJson(request, reply as unknown as FastifyReply, catalogue),
  );
};
export default productsRoutes;
