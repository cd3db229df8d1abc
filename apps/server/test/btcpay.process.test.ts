import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, withDatabase } from './global-setup';
import { startFakeBtcpay, type FakeBtcpay } from './btcpay';
import { TEST_SECRETS } from './secrets';
import { testPort } from './ports';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A real server process on PostgreSQL with BTCPay pointing at the fake, SIGKILLed while it handles
 * a Settled webhook, then restarted: BTCPay's redelivery or the reconciler delivers, exactly once.
 */
describe.runIf(process.env.STELLAR_TEST_DB === 'postgres')(
  'BTCPay webhook across a SIGKILL',
  () => {
    const name = `stellar_btcpay_${randomBytes(4).toString('hex')}`;
    const dbUrl = () => withDatabase(process.env.TEST_DATABASE_URL!, name);
    const port = testPort('btcpay');
    const secret = randomBytes(16).toString('hex');
    const api = `http://127.0.0.1:${port}/api`;
    let fake: FakeBtcpay;
    let server: ChildProcess | null = null;
    let db: pg.Client;
    let token = '';

    async function start(): Promise<void> {
      let out = '';
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: serverDir,
        env: {
          ...process.env,
          ...TEST_SECRETS,
          ...fake.env(secret),
          DATABASE_URL: dbUrl(),
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          PAYMENTS_RECONCILE_SECONDS: '1',
          // NODE_ENV=test (inherited from vitest) would keep the reconciler's timer off.
          NODE_ENV: 'development',
          OWNER_PASSWORD: 'crash-owner-pass',
          LOG_LEVEL: 'warn',
          WEB_DIST: '/nonexistent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (out += d));
      server = child;
      for (let i = 0; i < 300; i++) {
        if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
        if (
          await fetch(`${api}/readyz`).then(
            (r) => r.ok,
            () => false,
          )
        )
          return;
        await sleep(100);
      }
      throw new Error(`server not ready: ${out}`);
    }
    async function kill(): Promise<void> {
      const child = server!;
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise((r) => child.once('exit', r));
      }
    }
    const post = (p: string, body: unknown, auth = true) =>
      fetch(`${api}${p}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(auth ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const one = async <T>(text: string, values: unknown[] = []) =>
      (await db.query(text, values)).rows[0] as T;
    async function buy(): Promise<{ orderId: string; invoiceId: string; userId: string }> {
      const { id: productId } = await one<{ id: string }>(
        'select id from products order by sort_order limit 1',
      );
      const res = await post('/orders', { productId, plan: 'Basic Plan' });
      expect(res.status).toBe(201);
      const { order } = (await res.json()) as { order: { _id: string } };
      const row = await one<{ invoice_id: string; user_id: string }>(
        'select invoice_id, user_id from orders where id = $1',
        [order._id],
      );
      await fake.idle();
      return { orderId: order._id, invoiceId: row.invoice_id, userId: row.user_id };
    }
    async function waitPaid(orderId: string, timeoutMs: number): Promise<number> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const r = await one<{ n: number }>(
          `select count(*)::int as n from licences l join orders o on o.licence_id = l.id
         where o.id = $1 and o.status = 'paid'`,
          [orderId],
        );
        if (r.n > 0) return Date.now();
        if (Date.now() > deadline) throw new Error(`order ${orderId} not paid`);
        await sleep(2);
      }
    }
    /** Every paid order has exactly one order.paid event and one licence extension. */
    async function invariant(userId: string, paidOrders: number) {
      const r = await one<{ paid: number; events: number; licences: number; days: number }>(
        `select
         (select count(*)::int from orders where user_id = $1 and status = 'paid') as paid,
         (select count(*)::int from events e join orders o on o.id::text = e.subject_id
           where o.user_id = $1 and e.type = 'order.paid') as events,
         (select count(*)::int from licences where user_id = $1) as licences,
         (select coalesce(sum(delivered_days), 0)::int from orders where user_id = $1) as days`,
        [userId],
      );
      expect(r).toEqual({
        paid: paidOrders,
        events: paidOrders,
        licences: 1,
        days: 7 * paidOrders,
      });
      const { expires_in_days } = await one<{ expires_in_days: number }>(
        `select extract(epoch from (expires_at - now())) / 86400 as expires_in_days
       from licences where user_id = $1`,
        [userId],
      );
      expect(Number(expires_in_days)).toBeGreaterThan(7 * paidOrders - 0.1);
      expect(Number(expires_in_days)).toBeLessThanOrEqual(7 * paidOrders);
    }

    beforeAll(async () => {
      await adminQuery(process.env.TEST_DATABASE_URL!, `CREATE DATABASE ${name}`);
      fake = await startFakeBtcpay();
      await fake.settings({ webhookUrl: `${api}/payments/btcpay/webhook`, webhookSecret: secret });
      await start();
      db = new pg.Client({ connectionString: dbUrl() });
      await db.connect();
      expect(
        (await post('/register', { username: 'crash_member', password: 'crash-password' }, false))
          .status,
      ).toBe(201);
      ({ token } = (await (
        await post('/auth/login', { username: 'crash_member', password: 'crash-password' }, false)
      ).json()) as { token: string });
    }, 120_000);

    afterAll(async () => {
      if (server && server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((r) => server!.once('exit', r));
      }
      await fake?.idle();
      await fake?.stop();
      await db?.end();
      await adminQuery(
        process.env.TEST_DATABASE_URL!,
        `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
      );
    });

    it('measures webhook-to-licence latency on a running server', async () => {
      const latencies: number[] = [];
      let userId = '';
      for (let i = 0; i < 5; i++) {
        const o = await buy();
        userId = o.userId;
        await fake.setState(o.invoiceId, { status: 'Settled' });
        const sentAt = await fake.webhookNoWait(o.invoiceId, 'InvoiceSettled');
        latencies.push((await waitPaid(o.orderId, 10_000)) - sentAt);
      }
      latencies.sort((a, b) => a - b);
      console.log(`webhook-to-licence latency (ms, 5 orders, sorted): ${latencies.join(', ')}`);
      await invariant(userId, 5);
    }, 60_000);

    it('killed while re-reading the invoice: the redelivery after restart delivers once', async () => {
      const { userId } = await one<{ userId: string }>(
        `select user_id as "userId" from orders limit 1`,
      );
      const o = await buy();
      await fake.setState(o.invoiceId, { status: 'Settled' });
      await fake.settings({
        greenfieldDelayMs: 2000,
        retryDelaysMs: [500, 1000, 2000, 4000, 8000],
      });
      const sentAt = await fake.webhookNoWait(o.invoiceId, 'InvoiceSettled');
      while (!(await fake.calls()).some((c) => c.path.endsWith(o.invoiceId) && c.at >= sentAt)) {
        await sleep(5);
      }
      await kill();
      const killedAt = Date.now();
      await fake.settings({ greenfieldDelayMs: 0 });
      const status = await one<{ status: string }>('select status from orders where id = $1', [
        o.orderId,
      ]);
      expect(status.status).toBe('pending');
      await start();
      const restartedAt = Date.now();
      const paidAt = await waitPaid(o.orderId, 30_000);
      await fake.idle();
      const attempts = (await fake.deliveries()).filter(
        (d) => d.invoiceId === o.invoiceId && d.type === 'InvoiceSettled',
      );
      expect(attempts[0]!.status).toBeNull(); // the killed process never answered
      expect(attempts.at(-1)).toMatchObject({ status: 200, isRedelivery: true });
      console.log(
        `after SIGKILL: restart ${restartedAt - killedAt} ms, delivered ${paidAt - restartedAt} ms after ready, ${attempts.length} attempts`,
      );
      await invariant(userId, 6);
    }, 90_000);

    it('killed mid-read with no redelivery left: the reconciler delivers once after restart', async () => {
      const { userId } = await one<{ userId: string }>(
        `select user_id as "userId" from orders limit 1`,
      );
      const o = await buy();
      await fake.setState(o.invoiceId, { status: 'Settled' });
      await fake.settings({ greenfieldDelayMs: 1500, retryDelaysMs: [] });
      const sentAt = await fake.webhookNoWait(o.invoiceId, 'InvoiceSettled');
      while (!(await fake.calls()).some((c) => c.path.endsWith(o.invoiceId) && c.at >= sentAt)) {
        await sleep(5);
      }
      await kill();
      await fake.idle();
      await fake.settings({ greenfieldDelayMs: 0 });
      const attempts = (await fake.deliveries()).filter(
        (d) => d.invoiceId === o.invoiceId && d.type === 'InvoiceSettled',
      );
      expect(attempts.map((d) => d.status)).toEqual([null]); // BTCPay gave up
      expect(
        (await one<{ status: string }>('select status from orders where id = $1', [o.orderId]))
          .status,
      ).toBe('pending');
      await start();
      const restartedAt = Date.now();
      const paidAt = await waitPaid(o.orderId, 30_000);
      console.log(`reconciler after SIGKILL: delivered ${paidAt - restartedAt} ms after ready`);
      await invariant(userId, 7);
    }, 90_000);

    it('killed at once after BTCPay answered the read (before or after the commit): still exactly once', async () => {
      const { userId } = await one<{ userId: string }>(
        `select user_id as "userId" from orders limit 1`,
      );
      const o = await buy();
      await fake.setState(o.invoiceId, { status: 'Settled' });
      await fake.settings({ retryDelaysMs: [500, 1000, 2000, 4000] });
      const sentAt = await fake.webhookNoWait(o.invoiceId, 'InvoiceSettled');
      for (;;) {
        const calls = await fake.calls();
        if (calls.some((c) => c.path.endsWith(o.invoiceId) && c.at >= sentAt && c.answeredAt))
          break;
        await sleep(1);
      }
      await kill();
      const atKill = await one<{ status: string }>('select status from orders where id = $1', [
        o.orderId,
      ]);
      await start();
      await waitPaid(o.orderId, 30_000);
      await fake.idle();
      console.log(`killed after the read: the order was ${atKill.status} at the kill`);
      await invariant(userId, 8);
    }, 90_000);
  },
);
