import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES } from '@stellar/shared';
import { HttpError, unauthorized } from '../../lib/http-errors';
import { ProcessorError } from './processor';
import { receiveWebhook } from './webhook.service';
import { verifyBtcpaySignature } from './webhook-signature';

export const BAD_SIGNATURE = 'Invalid BTCPay-Sig signature.';

/**
 * BTCPay's webhook (and the test processor's, on the same path). Its own JSON parser keeps the raw
 * bytes, because the signature covers them exactly; nothing is read or recorded before it checks.
 */
const webhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/payments/btcpay/webhook',
    { schema: { tags: ['orders'], hide: true } },
    async (request, reply) => {
      const secret = app.payments.webhookSecret;
      const processor = app.payments.context?.processor;
      if (!secret || !processor) throw new HttpError(503, MESSAGES.paymentsNotSetUp);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!verifyBtcpaySignature(secret, raw, request.headers['btcpay-sig'])) {
        throw unauthorized(BAD_SIGNATURE);
      }
      const started = performance.now();
      // BTCPay unreachable while re-reading the invoice: 502, so BTCPay redelivers later.
      const result = await receiveWebhook(app.db, processor, raw).catch((err: unknown) => {
        if (!(err instanceof ProcessorError)) throw err;
        request.log.warn({ err }, 'payment webhook: invoice not re-read');
        throw new HttpError(502, MESSAGES.paymentProcessorUnavailable);
      });
      request.log.info(
        { ...result, ms: Math.round((performance.now() - started) * 10) / 10 },
        'payment webhook handled',
      );
      return reply.code(200).send({ ok: true, outcome: result.outcome });
    },
  );
};
export default webhookRoutes;
