import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../test/harness';
import { plans } from '../../db/schema';
import { recordEvent } from '../events';

describe('the catalogue from memory', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const get = (etag?: string) =>
    ctx.app.inject({
      url: '/api/products',
      headers: etag ? { 'if-none-match': etag } : {},
    });

  it('answers with an ETag and a 304 for it; the JSON is the catalogue', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.json()[0].pricing[0]).toMatchObject({ plan: 'Basic Plan', price: 7 });
    const again = await get(etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('"other"')).statusCode).toBe(200);
  });

  it('keeps serving the cached text until a catalogue.changed event clears it', async () => {
    const before = await get();
    const [basic] = await ctx.db.select().from(plans).where(eq(plans.name, 'Basic Plan')).limit(1);
    await ctx.db.update(plans).set({ priceCents: 900 }).where(eq(plans.id, basic!.id));
    try {
      // A change without the event is not seen: the answer comes from memory.
      expect((await get()).body).toBe(before.body);
      await recordEvent(ctx.db, { type: 'catalogue.changed', payload: {} });
      await expect
        .poll(async () => (await get()).json()[0].pricing[0].price, { timeout: 5_000 })
        .toBe(9);
      const after = await get();
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect((await get(String(before.headers.etag))).statusCode).toBe(200);
    } finally {
      await ctx.db
        .update(plans)
        .set({ priceCents: basic!.priceCents })
        .where(eq(plans.id, basic!.id));
      await recordEvent(ctx.db, { type: 'catalogue.changed', payload: {} });
    }
  });
});
