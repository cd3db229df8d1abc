import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import helmet from '@fastify/helmet';
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
import rateLimitPlugin from './plugins/rate-limit';
import secretsPlugin from './plugins/secrets';
import webPlugin from './plugins/web';
import healthRoutes from './modules/health/health.routes';
import productsRoutes from './modules/products/products.routes';
import authRoutes from './modules/auth/auth.routes';
import twoFactorRoutes from './modules/auth/two-factor.routes';
import usersRoutes from './modules/users/users.routes';
import maintenanceRoutes from './modules/maintenance/maintenance.routes';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** false silences logs (tests); a stream receives the JSON lines instead of stdout. */
  logger?: false;
  logStream?: NodeJS.WritableStream;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole app (API + web) as a plugin tree; server.ts listens, tests inject. */
export async function buildApp({ config, database, logger, logStream }: BuildOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(logStream ? { stream: logStream } : {}),
    },
    // Fastify accepts a hop count too; its types only list the other forms.
    trustProxy: trustProxySetting(config.TRUST_PROXY) as boolean,
    bodyLimit: 64 * 1024,
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only: anything else is a 415, not a string for the validators to puzzle over.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Stellar API', version: '1.0.0', description: 'Shop, licences and support.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(dbPlugin, { database });
  await app.register(secretsPlugin, { encryptionKeyHex: config.ENCRYPTION_KEY });
  await app.register(rateLimitPlugin, { enabled: config.RATE_LIMIT === 'on' });
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(productsRoutes);
      await api.register(authRoutes);
      await api.register(twoFactorRoutes);
      await api.register(usersRoutes);
      await api.register(maintenanceRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, {
    distDir: config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
