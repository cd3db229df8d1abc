import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productListSchema } from '@stellar/shared';
import { listProducts } from './products.service';

const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    { schema: { tags: ['products'], response: { 200: productListSchema } } },
    async () => listProducts(app.db),
  );
};
export default productsRoutes;
