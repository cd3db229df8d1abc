import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  couponListSchema,
  couponResponseSchema,
  createCouponBodySchema,
  errorResponseSchema,
  idParamSchema,
  updateCouponBodySchema,
} from '@stellar/shared';
import { actorOf } from '../../lib/actor';
import { createCoupon, updateCoupon } from './coupons.commands';
import { listCoupons } from './coupons.queries';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const tags = ['admin: shop'];
const security = [{ bearer: [] }];

/** Staff manage discount codes (Admin and Owner: docs/product.md#roles-and-permissions). */
const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/coupons',
    {
      schema: { tags, security, response: { 200: couponListSchema, ...errors } },
    },
    async () => ({ coupons: await listCoupons(app.db) }),
  );

  app.post(
    '/admin/coupons',
    {
      schema: {
        tags,
        security,
        body: createCouponBodySchema,
        response: { 201: couponResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const coupon = await createCoupon(app.db, actorOf(request), request.body);
      return reply.status(201).send({ coupon });
    },
  );

  app.patch(
    '/admin/coupons/:id',
    {
      schema: {
        tags,
        security,
        params: idParamSchema,
        body: updateCouponBodySchema,
        response: { 200: couponResponseSchema, ...errors },
      },
    },
    async (request) => ({
      coupon: await updateCoupon(app.db, actorOf(request), {
        id: request.params.id,
        ...request.body,
      }),
    }),
  );
};
export default couponsRoutes;
