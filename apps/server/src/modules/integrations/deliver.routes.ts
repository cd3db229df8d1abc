import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@stellar/shared';
import { HttpError } from '../../lib/http-errors';
import { findApiKeyUser } from '../api-keys';
import { deliverOrder } from './deliver.commands';
import { userActorOf } from '../../lib/actor';

export const DELIVERY_TOKEN_INVALID = 'Invalid or revoked delivery token.';
export const DELIVERY_WRONG_PRODUCT = 'This delivery token sells another product.';
export const DELIVERY_BAD_QUANTITY = `Quantity must be a whole number from ${LIMITS.keyQuantityMin} to ${LIMITS.keyQuantityMax}.`;
const MAX_ORDER_ID = 200;

type Fields = Record<string, unknown>;

/** Shops send JSON (SellAuth, Sellix) or forms; anything else is read as no fields. */
function parseBody(raw: unknown, contentType: string | undefined): Fields {
  if (typeof raw !== 'string' || raw.trim() === '') return {};
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Fields) : {};
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
}

/** Sellix nests its order under `data`: a field is read at the top level, then there. */
const field = (body: Fields, name: string): unknown =>
  body[name] ??
  (body.data && typeof body.data === 'object' ? (body.data as Fields)[name] : undefined);

function quantityOf(request: FastifyRequest, body: Fields): number {
  const raw = (request.query as Fields).quantity ?? field(body, 'quantity') ?? 1;
  const n = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  if (
    typeof n !== 'number' ||
    !Number.isInteger(n) ||
    n < LIMITS.keyQuantityMin ||
    n > LIMITS.keyQuantityMax
  ) {
    throw new HttpError(400, DELIVERY_BAD_QUANTITY);
  }
  return n;
}

function orderIdOf(request: FastifyRequest, body: Fields): string | null {
  const header = request.headers['idempotency-key'];
  const raw =
    (typeof header === 'string' && header) ||
    field(body, 'invoice_id') ||
    field(body, 'uniqid') ||
    field(body, 'id');
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string' && typeof raw !== 'number') {
    throw new HttpError(400, 'The order id must be a string or a number.');
  }
  const id = String(raw).trim();
  if (id.length === 0 || id.length > MAX_ORDER_ID) {
    throw new HttpError(400, `The order id must be 1 to ${MAX_ORDER_ID} characters.`);
  }
  return id;
}

/** One line the shop can show its customer: never JSON, never a stack. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').slice(0, 300);

/**
 * Shop delivery (docs/integrations.md): `POST /api/integrations/deliver/{key}` answers text/plain,
 * one key code per line; refusals are 4xx text/plain, one line.
 */
const deliverRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const known = error instanceof HttpError;
    const status = known
      ? error.statusCode
      : error.statusCode && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (known && error.headers) reply.headers(error.headers);
    if (status >= 500 && !known) request.log.error({ err: error }, 'delivery failed');
    const message =
      status >= 500 && !known ? 'Delivery failed. Please try again.' : oneLine(error.message);
    return reply.status(status).type('text/plain; charset=utf-8').send(message);
  });

  const perKey = app.limit({
    name: 'deliver-key',
    max: 120,
    windowMs: 60_000,
    key: (request) => (request.params as { key: string }).key.slice(0, 64),
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/integrations/deliver/:key',
    {
      preHandler: perKey,
      schema: {
        tags: ['integrations'],
        summary: 'Shop dynamic delivery: key codes as text/plain, one per line',
        params: z.object({ key: z.string().max(200) }),
        querystring: z.object({ quantity: z.string().optional() }).passthrough(),
      },
    },
    async (request, reply) => {
      const body = parseBody(request.body, request.headers['content-type']);
      const owner = await findApiKeyUser(app.db, request.params.key, request.ip);
      if (!owner || !owner.apiKey.scopes.includes('deliver') || !owner.apiKey.productId) {
        throw new HttpError(401, DELIVERY_TOKEN_INVALID);
      }
      const productId = field(body, 'productId');
      if (productId !== undefined && productId !== owner.apiKey.productId) {
        throw new HttpError(400, DELIVERY_WRONG_PRODUCT);
      }
      const user = { ...owner, sessionId: `api-key:${owner.apiKey.id}`, impersonatedBy: null };
      request.user = user;
      const { keys } = await deliverOrder(app.db, userActorOf(request), user, {
        quantity: quantityOf(request, body),
        orderId: orderIdOf(request, body),
      });
      return reply.type('text/plain; charset=utf-8').send(keys.join('\n'));
    },
  );
};
export default deliverRoutes;
