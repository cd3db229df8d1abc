import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signedIn, type TestContext } from '../../../test/harness';
import { maintenance } from '../../db/schema';

describe('the maintenance map from memory', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const get = (etag?: string) =>
    ctx.app.inject({
      url: '/api/maintenance/status',
      headers: etag ? { 'if-none-match': etag } : {},
    });

  it('answers with an ETag and a 304 for it; the JSON is the map', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.json()).toMatchObject({ chat: false, contact: false });
    const again = await get(etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('"other"')).statusCode).toBe(200);
  });

  it('serves memory until a staff switch (maintenance.changed) clears it, on the next read', async () => {
    const owner = await signedIn(ctx, 'Owner');
    const before = await get();
    // A change behind the commands' back is not seen: the answer comes from memory.
    await ctx.db.update(maintenance).set({ enabled: true }).where(eq(maintenance.page, 'chat'));
    expect((await get()).body).toBe(before.body);
    await ctx.db.update(maintenance).set({ enabled: false }).where(eq(maintenance.page, 'chat'));

    const on = await ctx.app.inject({
      method: 'POST',
      url: '/api/maintenance/enable',
      headers: owner.auth,
      payload: { page: 'contact' },
    });
    expect(on.statusCode).toBe(200);
    await expect.poll(async () => (await get()).json().contact, { timeout: 5_000 }).toBe(true);
    const after = await get();
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get(String(before.headers.etag))).statusCode).toBe(200);

    const off = await ctx.app.inject({
      method: 'POST',
      url: '/api/maintenance/disable',
      headers: owner.auth,
      payload: { page: 'contact' },
    });
    expect(off.statusCode).toBe(200);
    await expect.poll(async () => (await get()).json().contact, { timeout: 5_000 }).toBe(false);
  });

  it('the process that switched reads its change on the very next request (no waiting for NOTIFY)', async () => {
    const owner = await signedIn(ctx, 'Owner');
    for (const [action, enabled] of [
      ['enable', true],
      ['disable', false],
      ['enable', true],
      ['disable', false],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/maintenance/${action}`,
        headers: owner.auth,
        payload: { page: 'resell-panel' },
      });
      expect(res.statusCode).toBe(200);
      expect((await get()).json()['resell-panel']).toBe(enabled);
    }
  });
});
