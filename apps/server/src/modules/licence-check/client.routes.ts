import { createHash, createPublicKey } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientOfflineTokenBodySchema,
  clientOfflineTokenResponseSchema,
  clientSettingsQuerySchema,
  clientSettingsResponseSchema,
  clientValidateBodySchema,
  clientValidateResponseSchema,
  errorResponseSchema,
  publicKeyResponseSchema,
} from '@stellar/shared';
import { normaliseKeyCode } from '../../lib/key-code';
import {
  checkLicence,
  getClientSettings,
  issueOfflineToken,
  lookupLicence,
  type LicenceLookup,
} from './client.service';
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

/** The raw 32-byte Ed25519 key (base64) and its SHA-256 fingerprint (hex), from the SPKI PEM. */
export function publicKeyForms(pem: string): { raw: string; fingerprint: string } {
  const raw = createPublicKey(pem).export({ format: 'der', type: 'spki' }).subarray(-32);
  return {
    raw: raw.toString('base64'),
    fingerprint: createHash('sha256').update(raw).digest('hex'),
  };
}

/**
 * The automation tool's licence API (docs/licence-api.md): validate, offline token, settings, public
 * key. Limits: per IP address, then per licence (every key spelling, every machine and every
 * route of one licence count together; a key that matches no licence counts as itself).
 */
const clientRoutes: FastifyPluginAsyncZod<{ signingKey?: string }> = async (app, opts) => {
  const signer = await loadSigner(opts.signingKey);
  app.addHook('onClose', () => signer.close());
  void signer.engine().then((engine) => app.log.info({ engine }, 'licence answers signed with'));
  const publicKey = {
    publicKey: signer.publicKeyPem,
    algorithm: 'Ed25519' as const,
    ...publicKeyForms(signer.publicKeyPem),
  };

  // The licence is looked up once per request, before the per-licence limit, and reused by the handler.
  const lookups = new WeakMap<FastifyRequest, LicenceLookup>();
  const source = (request: FastifyRequest) =>
    (request.body ?? request.query) as { key: string; hwid: string };
  const loadLicence = async (request: FastifyRequest) => {
    const { key, hwid } = source(request);
    lookups.set(request, await lookupLicence(app.db, key, hwid));
  };
  const byLicence = (request: FastifyRequest) => {
    const found = lookups.get(request);
    return found?.row
      ? `licence:${found.row.licenceId}`
      : `key:${normaliseKeyCode(String(source(request).key ?? ''))}`;
  };
  const limits = [
    app.limit({ name: 'client-ip', max: 600, windowMs: MINUTE, key: (request) => request.ip }),
    loadLicence,
    app.limit({ name: 'client-licence', max: 60, windowMs: MINUTE, key: byLicence }),
  ];

  app.post(
    '/client/validate',
    {
      // A desktop program reads these answers, not a browser: the browser headers (CSP, HSTS,
      // frame and referrer policies) would only cost time on the hottest route (see benchmarks.md).
      config: { securityHeaders: false },
      preHandler: limits,
      schema: {
        tags: ['client'],
        body: clientValidateBodySchema,
        response: { 200: clientValidateResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendSigned(
        reply,
        signer,
        await checkLicence(app.db, request.body, new Date(), lookups.get(request)),
      ),
  );

  app.post(
    '/client/offline-token',
    {
      config: { securityHeaders: false },
      preHandler: limits,
      schema: {
        tags: ['client'],
        body: clientOfflineTokenBodySchema,
        response: { 200: clientOfflineTokenResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendSigned(
        reply,
        signer,
        await issueOfflineToken(app.db, request.body, new Date(), lookups.get(request)),
      ),
  );

  app.get(
    '/client/settings',
    {
      config: { securityHeaders: false },
      preHandler: limits,
      schema: {
        tags: ['client'],
        querystring: clientSettingsQuerySchema,
        response: { 200: clientSettingsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const found = await getClientSettings(app.db, request.query, now, lookups.get(request));
      return sendSigned(reply, signer, {
        product: found.product,
        settings: found.settings,
        nonce: request.query.nonce ?? null,
        serverTime: now.toISOString(),
        valid: found.code === 'VALID',
        code: found.code,
        hwid: request.query.hwid,
        licenceId: found.licenceId,
      });
    },
  );

  app.get(
    '/client/public-key',
    { schema: { tags: ['client'], response: { 200: publicKeyResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return publicKey;
    },
  );
};
export default clientRoutes;
