import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderListQuerySchema,
  adminOrderListSchema,
  errorResponseSchema,
  idParamSchema,
  REFUND_MESSAGES,
  refundOrderBodySchema,
  refundOrderResponseSchema,
} from '@stellar/shared';
import { actorOf } from '../../lib/actor';
import { listAdminOrders } from './orders-admin.queries';
import { refundOrder } from './refund.commands';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['admin: shop'];
const security = [{ bearer: [] }];

/** Staff view of every order and refunds (Admin and Owner: docs/product.md#roles-and-permissions). */
const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/orders',
    {
      config: { apiKeyScope: 'orders:read' },
      schema: {
        tags,
        security,
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListSchema, ...errors },
      },
    },
    async (request) => listAdminOrders(app.db, request.query),
  );

  app.post(
    '/admin/orders/:id/refund',
    {
      schema: {
        tags,
        security,
        params: idParamSchema,
        body: refundOrderBodySchema,
        response: { 200: refundOrderResponseSchema, ...errors },
      },
    },
    async (request) => {
      const order = await refundOrder(app.db, actorOf(request), {
        orderId: request.params.id,
        reason: request.body.reason,
      });
      return { message: REFUND_MESSAGES.done, order };
    },
  );
};
export default ordersAdminRoutes;
