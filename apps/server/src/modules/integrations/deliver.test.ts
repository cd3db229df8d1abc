import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { KEY_CODE_PATTERN } from '@stellar/shared';
import { createTestApp, reloadUser, rows, signedIn, type TestContext } from '../../../test/harness';
import { CLOTHING, credit, grant, LAUNCHER } from '../keys/keys.fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const BASIC_CENTS = LAUNCHER.pricing[0]!.price * 100;

async function deliverKey(role: 'Reseller' | 'Owner' = 'Reseller', balanceCents = 100_000) {
  const seller = await signedIn(ctx, role);
  await grant(ctx, seller.user.id, LAUNCHER._id);
  if (balanceCents) await credit(ctx, seller.user.id, balanceCents);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: seller.auth,
    payload: { name: 'SellAuth', scopes: ['deliver'], productId: LAUNCHER._id, plan: 'Basic Plan' },
  });
  expect(res.statusCode).toBe(201);
  return { seller, key: res.json().key as string, keyId: res.json().apiKey._id as string };
}

const deliver = (
  key: string,
  opts: { body?: unknown; query?: string; headers?: Record<string, string>; raw?: string } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/integrations/deliver/${key}${opts.query ?? ''}`,
    headers: { 'content-type': 'application/json', ...opts.headers },
    payload: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });

const balanceOf = async (id: string) => (await reloadUser(ctx, id))!.balanceCents;

describe('shop delivery', () => {
  it('answers text/plain key codes, one per line, paid from the balance like the panel', async () => {
    const { seller, key } = await deliverKey();
    const res = await deliver(key, { query: '?quantity=3' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const codes = res.body.split('\n');
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(KEY_CODE_PATTERN);
    expect(await balanceOf(seller.user.id)).toBe(100_000 - 3 * BASIC_CENTS);
    const [ledger] = await rows<{ delta_cents: number; reason: string }>(
      ctx,
      sql`select delta_cents::int as delta_cents, reason from balance_ledger where user_id = ${seller.user.id} and reason = 'key_purchase'`,
    );
    expect(ledger).toEqual({ delta_cents: -3 * BASIC_CENTS, reason: 'key_purchase' });
    const stored = await rows<{ code: string; created_by: string }>(
      ctx,
      sql`select code, created_by from licence_keys where created_by = ${seller.user.id}`,
    );
    expect(stored.map((k) => k.code).sort()).toEqual([...codes].sort());
  });

  it('takes the quantity from the JSON body (and Sellix data.quantity), 1 by default', async () => {
    const { key } = await deliverKey();
    expect((await deliver(key, { body: { quantity: 2 } })).body.split('\n')).toHaveLength(2);
    expect(
      (
        await deliver(key, { body: { event: 'product:dynamic', data: { quantity: 4 } } })
      ).body.split('\n'),
    ).toHaveLength(4);
    expect((await deliver(key)).body.split('\n')).toHaveLength(1);
    const bad = await deliver(key, { query: '?quantity=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(bad.body).toBe('Quantity must be a whole number from 1 to 500.');
  });

  it('20 parallel calls with one order id charge once and all return the same keys', async () => {
    const { seller, key } = await deliverKey();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        deliver(key, {
          query: '?quantity=2',
          ...(i % 2
            ? { headers: { 'idempotency-key': 'sellauth-10042' } }
            : { body: { invoice_id: 'sellauth-10042' } }),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(results[0]!.body.split('\n')).toHaveLength(2);
    expect(await balanceOf(seller.user.id)).toBe(100_000 - 2 * BASIC_CENTS);
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from licence_keys where created_by = ${seller.user.id}`,
    );
    expect(n!.n).toBe(2);
    // Sellix's uniqid and a plain id are order ids too; another order is charged again.
    const sellix = await deliver(key, { body: { data: { uniqid: 'sx-1', quantity: 1 } } });
    expect((await deliver(key, { body: { data: { uniqid: 'sx-1', quantity: 1 } } })).body).toBe(
      sellix.body,
    );
    expect(await balanceOf(seller.user.id)).toBe(100_000 - 3 * BASIC_CENTS);
  });

  it('refuses a wrong or revoked token in one line of text', async () => {
    const wrong = await deliver('stl_nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toBe('Invalid or revoked delivery token.');
    expect(wrong.headers['content-type']).toBe('text/plain; charset=utf-8');

    const { seller, key, keyId } = await deliverKey();
    await ctx.app.inject({ method: 'DELETE', url: `/api/api-keys/${keyId}`, headers: seller.auth });
    const revoked = await deliver(key);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.body).toBe('Invalid or revoked delivery token.');

    // A key of another scope is no delivery token.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: seller.auth,
      payload: { name: 'gen', scopes: ['keys:generate'] },
    });
    const notDeliver = await deliver(other.json().key);
    expect(notDeliver.statusCode).toBe(401);
    expect(await balanceOf(seller.user.id)).toBe(100_000);
  });

  it('refuses the wrong product: another product id, or one the reseller may no longer sell', async () => {
    const { seller, key } = await deliverKey();
    const other = await deliver(key, { body: { productId: CLOTHING._id } });
    expect(other.statusCode).toBe(400);
    expect(other.body).toBe('This delivery token sells another product.');
    await ctx.db.execute(sql`delete from reseller_products where user_id = ${seller.user.id}`);
    const ungranted = await deliver(key, { body: { invoice_id: 'inv-1' } });
    expect(ungranted.statusCode).toBe(403);
    expect(ungranted.body).toBe('You are not allowed to sell this product.');
    expect(await balanceOf(seller.user.id)).toBe(100_000);
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from shop_deliveries where order_id = 'inv-1'`,
    );
    expect(n!.n).toBe(0);
  });

  it('refuses when the balance is too low, then delivers the same order once topped up', async () => {
    const { seller, key } = await deliverKey('Reseller', 0);
    const low = await deliver(key, { headers: { 'idempotency-key': 'ord-9' } });
    expect(low.statusCode).toBe(400);
    expect(low.body).toBe('Insufficient balance to generate keys.');
    await credit(ctx, seller.user.id, BASIC_CENTS);
    const ok = await deliver(key, { headers: { 'idempotency-key': 'ord-9' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toMatch(KEY_CODE_PATTERN);
    expect(await balanceOf(seller.user.id)).toBe(0);
  });

  it('refuses during resell-panel maintenance (503, one line); staff keys still deliver', async () => {
    const { seller, key } = await deliverKey();
    const { key: ownerKey } = await deliverKey('Owner', 0);
    await ctx.db.execute(sql`update maintenance set enabled = true where page = 'resell-panel'`);
    try {
      const res = await deliver(key);
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe('Key delivery is paused for maintenance. Please try again later.');
      expect(await balanceOf(seller.user.id)).toBe(100_000);
      expect((await deliver(ownerKey)).statusCode).toBe(200);
    } finally {
      await ctx.db.execute(sql`update maintenance set enabled = false where page = 'resell-panel'`);
    }
  });

  it('bad bodies are one-line 400s, never JSON or 500', async () => {
    const { key } = await deliverKey();
    const res = await deliver(key, { raw: '{"quantity":' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('The request body is not valid JSON.');
    const form = await ctx.app.inject({
      method: 'POST',
      url: `/api/integrations/deliver/${key}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'quantity=2&invoice_id=form-1',
    });
    expect(form.statusCode).toBe(200);
    expect(form.body.split('\n')).toHaveLength(2);
  });
});
