import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors';

const DB_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

/** Turns every failure into `{ message, errors? }`: 4xx as the client's fault, 5xx logged, never leaked. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        if (error.headers) reply.headers(error.headers);
        return reply.status(error.statusCode).send({
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string> = {};
        for (const issue of error.validation) {
          const field =
            fieldName(issue.instancePath, issue.params) || error.validationContext || 'body';
          errors[field] ??= issue.message ?? 'Invalid value.';
        }
        const first = Object.values(errors)[0] ?? 'Invalid request.';
        return reply.status(400).send({ message: first, errors });
      }
      if (error.statusCode === 429) {
        return reply.status(429).send({ message: error.message });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
        return reply.status(500).send({ message: internalMessage(request.id) });
      }
      if (databaseUnavailable(error)) {
        request.log.error({ err: error }, 'database unavailable');
        reply.header('retry-after', '5');
        return reply
          .status(503)
          .send({ message: 'Service temporarily unavailable. Please try again shortly.' });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send({ message: clientMessage(error) });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: internalMessage(request.id) });
    });
  },
  { name: 'errors' },
);

/** Drizzle wraps driver errors (DrizzleQueryError.cause): look down the chain for a connection failure. */
function databaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DB_UNAVAILABLE.has(code)) return true;
    if (
      e instanceof Error &&
      /Connection terminated|connection timeout|Client has encountered a connection error/i.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}

function fieldName(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  const extra = (params as { keys?: string[] } | undefined)?.keys;
  if (extra?.length) return path ? `${path}.${extra[0]}` : extra[0]!;
  return path;
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json.';
    default:
      return error.message || 'Bad request.';
  }
}

const internalMessage = (requestId: string) =>
  `Something went wrong on our side. Please try again. (reference ${requestId})`;
