import { AsyncLocalStorage } from 'node:async_hooks';
import type { TestContext } from '../../../test/harness';

type Query = (...args: unknown[]) => unknown;

const counting = new AsyncLocalStorage<symbol>();

/**
 * Test helper: counts the statements the app sends to its database (PGlite or the PostgreSQL pool)
 * on behalf of `run`; the client is restored afterwards. Reads outside transactions only.
 * Only statements sent from `run`'s own async context count: the webhook dispatcher's one-second
 * poll and its NOTIFY wake-ups run beside every test app, and one of them landing inside the window
 * made these counts flaky on PostgreSQL (3 instead of 2 in a CI run).
 */
export async function countQueries(ctx: TestContext, run: () => Promise<unknown>): Promise<number> {
  const client = (ctx.db as unknown as { $client: { query: Query } }).$client;
  const original = client.query;
  const mine = Symbol('countQueries');
  let count = 0;
  client.query = function counted(this: unknown, ...args: unknown[]) {
    if (counting.getStore() === mine) count += 1;
    return original.apply(this, args);
  };
  try {
    // Awaited inside the context: app.inject answers a thenable that only starts when awaited.
    await counting.run(mine, async () => {
      await run();
    });
  } finally {
    client.query = original;
  }
  return count;
}
