import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route sets its own headers (the licence check answers tools, not browsers). */
    securityHeaders?: false;
  }
}

/** The site's policy: scripts, styles, fonts and connections from its own origin only. */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
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
};

/**
 * The headers helmet sets for `options`, computed once: helmet runs against a stand-in response and
 * its setHeader calls are kept. None of our directives depends on the request (no nonces).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown = null;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err ?? null;
  });
  if (failed) throw failed;
  return headers;
}

/**
 * Helmet's security headers on every answer (API, pages, assets, 404s) unless a route's config says
 * `securityHeaders: false`. @fastify/helmet rebuilt its middleware (parsing the whole policy) on every
 * request; the headers do not depend on the request, so they are computed once at start.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance) {
    const headers = helmetHeaders(SECURITY_HEADER_OPTIONS);
    app.addHook('onRequest', function securityHeadersHook(request, reply, done) {
      if (request.routeOptions.config.securityHeaders !== false) reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
