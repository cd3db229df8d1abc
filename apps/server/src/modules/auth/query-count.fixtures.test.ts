import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../test/harness';
import { countQueries } from './query-count.fixtures';

describe('countQueries', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("counts the run's own statements and not those of timers running beside it", async () => {
    // Stands in for the webhook dispatcher's poll: a timer started outside the counted run.
    let beside = 0;
    const timer = setInterval(() => {
      beside += 1;
      void ctx.db.execute(sql`select 1`);
    }, 1);
    try {
      const counted = await countQueries(ctx, async () => {
        await ctx.db.execute(sql`select 1`);
        await new Promise((resolve) => setTimeout(resolve, 30));
        await ctx.app.inject({ url: '/api/healthz' });
        await ctx.db.execute(sql`select 2`);
      });
      expect(beside).toBeGreaterThan(0);
      expect(counted).toBe(2);
    } finally {
      clearInterval(timer);
    }
  });
});
