import fp from 'fastify-plugin';
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { badRequest } from '../lib/http-errors';

/** Deepest nesting of arrays and objects a request body may have. */
export const MAX_BODY_DEPTH = 64;
export const BODY_TOO_DEEP = `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`;

/** Nesting depth of a parsed JSON value, without recursion (a hostile body may be 10,000 deep). */
export function jsonDepth(value: unknown, limit = Infinity): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Object.values(node)) stack.push([child, level]);
  }
  return deepest;
}

/**
 * Refuses bodies nested deeper than MAX_BODY_DEPTH with a 400 before validation, so no schema,
 * handler or database sees them (PostgreSQL's jsonb and recursive code have their own limits).
 */
export default fp(
  async function bodyDepth(app: FastifyInstance) {
    const check: preValidationHookHandler = function bodyDepthCheck(request, _reply, done) {
      if (request.body && typeof request.body === 'object') {
        if (jsonDepth(request.body, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
          done(badRequest(BODY_TOO_DEEP));
          return;
        }
      }
      done();
    };
    // Only routes that take a body carry the check: GET and HEAD reads run no hook for it.
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (methods.every((m) => m === 'GET' || m === 'HEAD')) return;
      route.preValidation = [check, ...[route.preValidation ?? []].flat()];
    });
  },
  { name: 'body-depth' },
);
