import { createHmac } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { paymentsMode, type Config } from '../config';
import {
  createBtcpayClient,
  createTestProcessor,
  reconcileOnce,
  type PaymentProcessor,
  type PaymentsContext,
} from '../modules/payments';

declare module 'fastify' {
  interface FastifyInstance {
    payments: {
      mode: 'btcpay' | 'test' | 'off';
      /** null when payments are off. */
      context: PaymentsContext | null;
      /** Secret of the BTCPay-Sig header (BTCPAY_WEBHOOK_SECRET, or the test processor's own). */
      webhookSecret: string | null;
      /** One reconciler pass now (tests, and the timer). */
      reconcileOnce(): Promise<{ checked: number; changed: number }>;
      /** Starts the timer (every PAYMENTS_RECONCILE_SECONDS); stopped when the app closes. */
      startReconciler(): void;
    };
  }
}

/**
 * Payments (docs/product.md#money): BTCPay Server when its four settings are there, the built-in test
 * processor with PAYMENTS_TEST_MODE=on, otherwise off. Runs the reconciler in every process
 * (row locks share the work) unless PAYMENTS_RECONCILER=off; tests start it themselves.
 */
export default fp(
  async function paymentsPlugin(app: FastifyInstance, opts: { config: Config }) {
    const { config } = opts;
    const mode = paymentsMode(config);
    let processor: PaymentProcessor | null = null;
    let webhookSecret: string | null = null;
    if (mode === 'btcpay') {
      processor = createBtcpayClient({
        url: config.BTCPAY_URL!,
        storeId: config.BTCPAY_STORE_ID!,
        apiKey: config.BTCPAY_API_KEY!,
      });
      webhookSecret = config.BTCPAY_WEBHOOK_SECRET!;
    } else if (mode === 'test') {
      processor = createTestProcessor(app.db);
      // Derived from the encryption key: every process agrees, and nothing is stored.
      webhookSecret = createHmac('sha256', app.encryptionKey)
        .update('payments test checkout webhook')
        .digest('hex');
    }
    const context: PaymentsContext | null = processor
      ? {
          processor,
          publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
          reconcileSeconds: config.PAYMENTS_RECONCILE_SECONDS,
        }
      : null;

    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> | null = null;
    const runOnce = async () => {
      if (!processor) return { checked: 0, changed: 0 };
      return reconcileOnce(app.db, processor, {
        intervalSeconds: config.PAYMENTS_RECONCILE_SECONDS,
        log: (msg, err) => app.log.warn({ err: (err as Error | undefined)?.message }, msg),
      });
    };
    const tick = () => {
      if (running) return;
      running = runOnce()
        .catch((err: Error) => app.log.warn({ err: err.message }, 'payment reconciler failed'))
        .finally(() => {
          running = null;
        });
    };
    const startReconciler = () => {
      if (!processor || timer) return;
      timer = setInterval(tick, config.PAYMENTS_RECONCILE_SECONDS * 1000);
      timer.unref();
      tick();
    };
    app.decorate('payments', {
      mode,
      context,
      webhookSecret,
      reconcileOnce: runOnce,
      startReconciler,
    });
    if (mode === 'btcpay' && !config.PUBLIC_URL) {
      app.log.warn('PUBLIC_URL is not set: BTCPay will send buyers back to http://localhost');
    }
    app.addHook('onReady', async () => {
      if (config.PAYMENTS_RECONCILER === 'on' && config.NODE_ENV !== 'test') startReconciler();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    });
  },
  { name: 'payments', dependencies: ['db', 'secrets'] },
);
