import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, rows, signedIn, type TestContext } from './harness';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { maintenance } from '../src/db/schema';

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

  it.runIf(process.env.STELLAR_TEST_DB === 'postgres')(
    'a second server on the same PostgreSQL sees a staff switch made in the first on its next read',
    async () => {
      const [current] = await rows<{ name: string }>(ctx, sql`select current_database() as name`);
      const name = current!.name;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
      });
      const second = await buildApp({ config, database, logger: false });
      await second.ready();
      try {
        const read = async () =>
          (await second.inject({ url: '/api/maintenance/status' })).json().chat as boolean;
        expect(await read()).toBe(false);
        const owner = await signedIn(ctx, 'Owner');
        const on = await ctx.app.inject({
          method: 'POST',
          url: '/api/maintenance/enable',
          headers: owner.auth,
          payload: { page: 'chat' },
        });
        expect(on.statusCode).toBe(200);
        await expect.poll(read, { timeout: 5_000 }).toBe(true);
        await ctx.app.inject({
          method: 'POST',
          url: '/api/maintenance/disable',
          headers: owner.auth,
          payload: { page: 'chat' },
        });
        await expect.poll(read, { timeout: 5_000 }).toBe(false);
      } finally {
        await second.close();
        await database.close();
      }
    },
  );
});
