import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { trustProxySetting } from './config';
import type { Database } from './db/client';
import dbPlugin from './plugins/db';
import errorsPlugin from './plugins/errors';
import authPlugin from './plugins/auth';
import maintenanceGuard from './plugins/maintenance-guard';
import bodyDepth from './plugins/body-depth';
import securityHeaders from './plugins/security-headers';
import rateLimitPlugin from './plugins/rate-limit';
import secretsPlugin from './plugins/secrets';
import webPlugin from './plugins/web';
import { HotReads } from './plugins/hot-reads';
import realtimePlugin, { redactToken } from './plugins/realtime';
import healthRoutes from './modules/health/health.routes';
import productsRoutes from './modules/products/products.routes';
import authRoutes from './modules/auth/auth.routes';
import twoFactorRoutes from './modules/auth/two-factor.routes';
import usersRoutes from './modules/users/users.routes';
import ticketsRoutes from './modules/tickets/tickets.routes';
import chatsRoutes from './modules/chats/chats.routes';
import maintenanceRoutes from './modules/maintenance/maintenance.routes';
import adminArea from './admin-area';
import keysRoutes from './modules/keys/keys.routes';
import licencesRoutes from './modules/licences/licences.routes';
import resellersRoutes from './modules/resellers/resellers.routes';
import clientRoutes from './modules/licence-check/client.routes';
import apiKeysRoutes from './modules/api-keys/api-keys.routes';
import deliverRoutes from './modules/integrations/deliver.routes';
import webhooksRoutes from './modules/webhooks/webhooks.routes';
import webhookDispatcherPlugin from './plugins/webhook-dispatcher';
import paymentsPlugin from './plugins/payments';
import ordersRoutes from './modules/payments/orders.routes';
import paymentWebhookRoutes from './modules/payments/webhook.routes';
import testCheckoutRoutes from './modules/payments/test-checkout.routes';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** false silences logs (tests); a stream receives the JSON lines instead of stdout. */
  logger?: false;
  logStream?: NodeJS.WritableStream;
}

/** Time a client has to send a whole request (headers and body), and its headers alone. */
export const REQUEST_TIMEOUT_MS = 20_000;
export const HEADERS_TIMEOUT_MS = 10_000;

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole app (API + web) as a plugin tree; server.ts listens, tests inject. */
export async function buildApp({ config, database, logger, logStream }: BuildOptions) {
  const hotReads = new HotReads();
  const app = Fastify({
    logger: logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Browsers pass the live-update token in the URL (/api/ws?token=): never log it.
      serializers: {
        req: (req) => ({
          method: req.method,
          url: redactToken(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
      ...(logStream ? { stream: logStream } : {}),
    },
    // Fastify accepts a hop count too; its types only list the other forms.
    trustProxy: trustProxySetting(config.TRUST_PROXY) as boolean,
    bodyLimit: 64 * 1024,
    requestIdHeader: false,
    // A client that trickles its headers or body (slowloris) is cut off: headers within 10 s, the
    // whole request within 20 s (checked every second), an idle connection after 75 s.
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: 75_000,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
    // The launch-link reads are answered from memory before Fastify (plugins/hot-reads.ts).
    serverFactory: hotReads.serverFactory,
  }).withTypeProvider<ZodTypeProvider>();
  hotReads.attach(app);

  // The API speaks JSON only: anything else is a 415, not a string for the validators to puzzle over.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityHeaders);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Stellar API', version: '1.0.0', description: 'Shop, licences and support.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A session token from login.' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'stl_...',
            description:
              'An integration key (`Authorization: Bearer stl_...`), accepted on routes that list the scope it needs.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(dbPlugin, { database });
  await app.register(secretsPlugin, { encryptionKeyHex: config.ENCRYPTION_KEY });
  await app.register(rateLimitPlugin, {
    enabled: config.RATE_LIMIT === 'on',
    redisUrl: config.REDIS_URL,
  });
  await app.register(authPlugin);
  await app.register(maintenanceGuard);
  await app.register(bodyDepth);
  await app.register(realtimePlugin);
  await app.register(webhookDispatcherPlugin, {
    enabled: config.WEBHOOKS !== 'off',
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
  });
  await app.register(paymentsPlugin, { config });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(productsRoutes);
      await api.register(authRoutes);
      await api.register(twoFactorRoutes);
      await api.register(usersRoutes);
      await api.register(ticketsRoutes);
      await api.register(chatsRoutes);
      await api.register(maintenanceRoutes);
      await api.register(adminArea);
      await api.register(keysRoutes);
      await api.register(licencesRoutes);
      await api.register(resellersRoutes);
      await api.register(clientRoutes, { signingKey: config.LICENCE_SIGNING_KEY });
      await api.register(apiKeysRoutes);
      await api.register(deliverRoutes);
      await api.register(webhooksRoutes);
      await api.register(ordersRoutes);
      await api.register(paymentWebhookRoutes);
      if (app.payments.mode === 'test') await api.register(testCheckoutRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, {
    distDir: config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
