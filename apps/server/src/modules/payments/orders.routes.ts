import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createOrderBodySchema,
  createOrderResponseSchema,
  createTopUpBodySchema,
  createTopUpResponseSchema,
  errorResponseSchema,
  idParamSchema,
  orderSchema,
  ordersListResponseSchema,
  paymentsStatusSchema,
  RESELL_ROLES,
} from '@stellar/shared';
import { actorOf } from '../../lib/actor';
import { currentUser } from '../../plugins/auth';
import { createOrder, createTopUp, paymentsNotSetUp } from './orders.commands';
import {
  getOrderFor,
  listOwnOrders,
  presentOrder,
  presentTopUp,
  productTitle,
} from './orders.queries';

const MINUTE = 60_000;
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};

/** Checkout (docs/product.md#money): members' plan orders and resellers' balance top-ups. */
const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const byUser = (name: string) =>
    app.limit({ name, max: 30, windowMs: MINUTE, key: (request) => currentUser(request).id });
  const payments = () => {
    if (!app.payments.context) throw paymentsNotSetUp();
    return app.payments.context;
  };

  app.get(
    '/payments/status',
    { schema: { tags: ['orders'], response: { 200: paymentsStatusSchema } } },
    async () => ({ mode: app.payments.mode }),
  );

  app.post(
    '/orders',
    {
      onRequest: app.requireUser,
      preHandler: byUser('orders-user'),
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }],
        body: createOrderBodySchema,
        response: { 201: createOrderResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const context = payments();
      const user = currentUser(request);
      const { order, checkoutUrl } = await createOrder(
        app.db,
        context,
        { ...actorOf(request), id: user.id },
        request.body,
      );
      reply.code(201);
      return {
        order: presentOrder(order, await productTitle(app.db, order.productId!)),
        checkoutUrl,
      };
    },
  );

  app.get(
    '/orders',
    {
      onRequest: app.requireUser,
      config: { apiKeyScope: 'orders:read' },
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }],
        response: { 200: ordersListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => listOwnOrders(app.db, currentUser(request).id),
  );

  app.get(
    '/orders/:id',
    {
      onRequest: app.requireUser,
      config: { apiKeyScope: 'orders:read' },
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: { 200: orderSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => getOrderFor(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/resellers/me/top-ups',
    {
      onRequest: app.requireRole(...RESELL_ROLES),
      preHandler: byUser('top-ups-user'),
      schema: {
        tags: ['resellers'],
        security: [{ bearer: [] }],
        body: createTopUpBodySchema,
        response: { 201: createTopUpResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const context = payments();
      const user = currentUser(request);
      const { order, checkoutUrl } = await createTopUp(
        app.db,
        context,
        { ...actorOf(request), id: user.id },
        request.body.amount,
      );
      reply.code(201);
      return { topUp: presentTopUp(order), checkoutUrl };
    },
  );
};
export default ordersRoutes;
