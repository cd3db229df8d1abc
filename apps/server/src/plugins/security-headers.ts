import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import { isUnderApi } from '../lib/api-url';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: this route sets its own headers (the licence check answers tools, not browsers).
     * 'document': the page set although the URL is under /api/ (an HTML page served by the API).
     */
    securityHeaders?: false | 'document';
  }
}

/** The site's pages: scripts, styles, fonts and connections from its own origin only. */
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
 * The API's answers (JSON, and the plain-text key delivery), which no browser renders as a page:
 * the headers OWASP's REST cheat sheet lists for APIs. A JSON answer opened in a tab may load
 * nothing and be framed by nobody; the headers that only matter for documents (opener and agent
 * cluster isolation, DNS prefetch, IE's download and XSS switches, Flash's cross-domain policies)
 * are left off. About a third of the bytes of the page set, which a bare Fastify route measurably
 * pays for (docs/benchmarks.md, "Security headers by kind of answer").
 */
export const API_SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** The API's (isUnderApi) and not its own documentation pages (Swagger UI at /api/docs). */
export function isApiUrl(url: string): boolean {
  return isUnderApi(url) && !url.startsWith('/api/docs');
}

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
 * `securityHeaders: false`: the API set under /api/ (isApiUrl), the page set elsewhere and on routes
 * that say `securityHeaders: 'document'`. @fastify/helmet rebuilt its middleware (parsing the whole
 * policy) on every request; the headers do not depend on the request, so they are computed once.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance) {
    const page = helmetHeaders(SECURITY_HEADER_OPTIONS);
    const api = helmetHeaders(API_SECURITY_HEADER_OPTIONS);
    app.addHook('onRequest', function securityHeadersHook(request, reply, done) {
      const kind = request.routeOptions.config.securityHeaders;
      if (kind !== false) reply.headers(kind !== 'document' && isApiUrl(request.url) ? api : page);
      done();
    });
  },
  { name: 'security-headers' },
);
