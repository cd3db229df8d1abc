import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface FakeDelivery {
  deliveryId: string;
  originalDeliveryId: string;
  isRedelivery: boolean;
  type: string;
  invoiceId: string;
  sentAt: number;
  status: number | null;
  answeredAt: number | null;
  error?: string;
}

export interface FakeInvoice {
  id: string;
  status: string;
  additionalStatus: string;
  amount: string;
  currency: string;
  checkoutLink: string;
  metadata: Record<string, unknown>;
  checkout: Record<string, unknown>;
  createdTime: number;
  expirationTime: number;
}

export const FAKE_STORE_ID = 'store-fake-1';
export const FAKE_API_KEY = 'fake-api-key-with-invoice-rights';

/** The fake BTCPay Server (fake-btcpay.ts) running as its own process on a free port. */
export interface FakeBtcpay {
  url: string;
  /** BTCPAY_* variables pointing at the fake. */
  env(webhookSecret: string): Record<string, string>;
  settings(s: {
    webhookUrl?: string;
    webhookSecret?: string;
    retryDelaysMs?: number[];
    greenfield?: 'up' | '503' | 'close';
    greenfieldDelayMs?: number;
  }): Promise<void>;
  /** Greenfield calls received (answeredAt null while the fake still holds the answer). */
  calls(): Promise<{ method: string; path: string; at: number; answeredAt: number | null }[]>;
  invoice(id: string): Promise<FakeInvoice>;
  setState(id: string, state: Partial<Omit<FakeInvoice, 'id'>>): Promise<FakeInvoice>;
  /** Sends a webhook and waits for its last attempt (retries included). */
  webhook(
    id: string,
    type: string,
    opts?: { extra?: Record<string, unknown>; originalDeliveryId?: string; copies?: number },
  ): Promise<FakeDelivery[]>;
  /** Sends a webhook and answers as soon as the first attempt left (retries go on). */
  webhookNoWait(id: string, type: string, extra?: Record<string, unknown>): Promise<number>;
  deliveries(): Promise<FakeDelivery[]>;
  /** Waits until no delivery or retry is in flight. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function startFakeBtcpay(): Promise<FakeBtcpay> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('test', 'btcpay', 'fake-btcpay.ts')],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        FAKE_BTCPAY_STORE_ID: FAKE_STORE_ID,
        FAKE_BTCPAY_API_KEY: FAKE_API_KEY,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`fake BTCPay exited with ${code}`)));
    child.stdout!.once('data', (line: Buffer) => resolve(JSON.parse(line.toString()).port));
  });
  const url = `http://127.0.0.1:${port}`;
  const call = async <T>(p: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}/__fake/${p}`, {
      method: 'POST',
      body: JSON.stringify(body ?? {}),
    });
    if (!res.ok && res.status !== 202) throw new Error(`fake BTCPay ${p}: ${res.status}`);
    return (await res.json()) as T;
  };
  return {
    url,
    env: (webhookSecret) => ({
      BTCPAY_URL: url,
      BTCPAY_STORE_ID: FAKE_STORE_ID,
      BTCPAY_API_KEY: FAKE_API_KEY,
      BTCPAY_WEBHOOK_SECRET: webhookSecret,
    }),
    settings: async (s) => void (await call('settings', s)),
    invoice: (id) => call(`invoices/${encodeURIComponent(id)}`),
    setState: (id, state) => call(`invoices/${encodeURIComponent(id)}/state`, state),
    webhook: (id, type, opts = {}) =>
      call(`invoices/${encodeURIComponent(id)}/webhook`, { type, ...opts }),
    webhookNoWait: async (id, type, extra) =>
      (
        await call<{ sentAt: number }>(`invoices/${encodeURIComponent(id)}/webhook`, {
          type,
          extra,
          wait: false,
        })
      ).sentAt,
    deliveries: () => call('deliveries'),
    calls: () => call('calls'),
    idle: async () => void (await call('idle')),
    async stop() {
      child.removeAllListeners('exit');
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
