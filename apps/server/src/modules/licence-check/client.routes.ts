import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientSettingsQuerySchema,
  clientSettingsResponseSchema,
  clientValidateBodySchema,
  clientValidateResponseSchema,
  errorResponseSchema,
  publicKeyResponseSchema,
} from '@stellar/shared';
import { normaliseKeyCode } from '../../lib/key-code';
import { checkLicence, getClientSettings } from './client.service';
import { loadSigner, type LicenceSigner } from './signing';

const MINUTE = 60_000;
const errors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * Sends `answer` as JSON we serialise ourselves, with X-Signature over exactly those bytes:
 * Fastify passes a string body through untouched, so what is signed is what is sent.
 */
async function sendSigned(reply: FastifyReply, signer: LicenceSigner, answer: object) {
  const body = JSON.stringify(answer);
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('x-signature', await signer.sign(body))
    .send(body as never);
}

/** The automation tool's licence API (DESIGN section 7): validate, public key, settings. */
const clientRoutes: FastifyPluginAsyncZod<{ signingKey?: string }> = async (app, opts) => {
  const signer = await loadSigner(app.db, opts.signingKey);
  app.addHook('onClose', () => signer.close());
  const byKey = (request: FastifyRequest) => {
    const source = (request.body ?? request.query) as { key?: unknown } | undefined;
    return normaliseKeyCode(String(source?.key ?? ''));
  };
  const limits = [
    app.limit({ name: 'client-key', max: 60, windowMs: MINUTE, key: byKey }),
    app.limit({ name: 'client-ip', max: 600, windowMs: MINUTE, key: (request) => request.ip }),
  ];

  app.post(
    '/client/validate',
    {
      // A desktop program reads these answers, not a browser: the browser headers (CSP, HSTS,
      // frame and referrer policies) would only cost time on the hottest route (see benchmarks.md).
      helmet: false,
      preHandler: limits,
      schema: {
        tags: ['client'],
        body: clientValidateBodySchema,
        response: { 200: clientValidateResponseSchema, ...errors },
      },
    },
    async (request, reply) => sendSigned(reply, signer, await checkLicence(app.db, request.body)),
  );

  app.get(
    '/client/settings',
    {
      helmet: false,
      preHandler: limits,
      schema: {
        tags: ['client'],
        querystring: clientSettingsQuerySchema,
        response: { 200: clientSettingsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const found = await getClientSettings(app.db, request.query, now);
      return sendSigned(reply, signer, {
        product: found.product,
        settings: found.settings,
        nonce: request.query.nonce ?? null,
        serverTime: now.toISOString(),
      });
    },
  );

  app.get(
    '/client/public-key',
    { schema: { tags: ['client'], response: { 200: publicKeyResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { publicKey: signer.publicKeyPem, algorithm: 'Ed25519' as const };
    },
  );
};
export default clientRoutes;
