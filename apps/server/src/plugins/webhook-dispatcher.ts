import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { EVENTS_CHANNEL } from '../modules/events';
import { emitExpiringLicences, fanOut, sendDue } from '../modules/webhooks';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: {
      /** Runs fan-out and sending now (soon, if a run is under way). */
      wake(): void;
      /** One full run: fan out new events, send due attempts; resolves when done (tests). */
      runOnce(): Promise<void>;
      /** Emits licence.expiring for licences expiring within 3 days (once each). */
      checkExpiring(): Promise<number>;
    };
  }
}

const POLL_MS = 1000;
const FAN_OUT_EVERY = 10;
const EXPIRING_EVERY_MS = 10 * 60 * 1000;

/**
 * The webhook dispatcher runs in every server process: woken by the outbox NOTIFY and by a
 * one-second poll (retries come due without a NOTIFY). Locks in the database keep two processes
 * from sending one attempt twice.
 */
export default fp(
  async function webhookDispatcher(
    app: FastifyInstance,
    opts: { enabled: boolean; timeoutMs: number },
  ) {
    const owner = `${process.pid}-${randomBytes(4).toString('hex')}`;
    let running: Promise<void> | null = null;
    let again = false;
    let closing = false;
    // Fan-out runs when an event is announced, and every FAN_OUT_EVERY polls as a safety net;
    // the other polls only look for due attempts (retries), which is one cheap read.
    let fanOutDue = true;
    let polls = 0;

    const send = () =>
      sendDue(app.db, { encryptionKey: app.encryptionKey, timeoutMs: opts.timeoutMs, owner });
    const runOnce = async () => {
      await fanOut(app.db);
      await send();
    };
    const step = async () => {
      if (fanOutDue) {
        fanOutDue = false;
        await fanOut(app.db);
      }
      await send();
    };
    const wake = () => {
      if (!opts.enabled || closing) return;
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          await step().catch((err: Error) =>
            app.log.warn({ err: err.message }, 'webhook dispatch failed; retrying shortly'),
          );
        } while (again && !closing);
      })().finally(() => {
        running = null;
      });
    };
    const checkExpiring = () => emitExpiringLicences(app.db);

    app.decorate('webhooks', { wake, runOnce, checkExpiring });
    if (!opts.enabled) return;

    const timers: NodeJS.Timeout[] = [];
    let unlisten: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      unlisten = await app.database.listen(EVENTS_CHANNEL, () => {
        fanOutDue = true;
        wake();
      });
      timers.push(
        setInterval(() => {
          if (++polls % FAN_OUT_EVERY === 0) fanOutDue = true;
          wake();
        }, POLL_MS),
      );
      const expiring = () =>
        void checkExpiring().catch((err: Error) =>
          app.log.warn({ err: err.message }, 'licence.expiring check failed'),
        );
      timers.push(setInterval(expiring, EXPIRING_EVERY_MS));
      expiring();
      for (const t of timers) t.unref();
    });
    app.addHook('onClose', async () => {
      closing = true;
      for (const t of timers) clearInterval(t);
      await unlisten?.().catch(() => undefined);
      await running;
    });
  },
  { name: 'webhook-dispatcher', dependencies: ['db', 'secrets'] },
);
