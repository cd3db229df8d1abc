import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@stellar/shared';
import { createTestApp, rows, signedIn, type TestContext } from '../../../test/harness';
import { API_KEY_SCOPE_MISSING } from '../../plugins/auth';

/**
 * What orders:read reads, with real orders (the payments test processor): an owner's own orders
 * through GET /api/orders and /api/orders/{id}, and for Admins and Owners the staff list. The matrix
 * in api-keys.test.ts checks statuses; this checks which orders come back.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { PAYMENTS_TEST_MODE: 'on' } });
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;

async function keyFor(auth: Headers, scopes: ApiKeyScope[]) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: auth,
    payload: { name: 'orders bot', scopes },
  });
  expect(res.statusCode).toBe(201);
  return { authorization: `Bearer ${(res.json() as { key: string }).key}` };
}

async function paidOrder(auth: Headers): Promise<string> {
  const [product] = await rows<{ id: string }>(
    ctx,
    sql`select id from products order by sort_order limit 1`,
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: auth,
    payload: { productId: product!.id, plan: 'Basic Plan' },
  });
  expect(res.statusCode).toBe(201);
  const { order, checkoutUrl } = res.json() as { order: { _id: string }; checkoutUrl: string };
  const pay = await ctx.app.inject({
    method: 'POST',
    url: `${checkoutUrl}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(pay.statusCode).toBe(303);
  return order._id;
}

const ids = (list: { _id: string }[]) => list.map((o) => o._id).sort();

describe('API keys with orders:read', () => {
  it('read exactly their owner’s orders; a key without the scope gets 403', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    const stranger = await signedIn(ctx);
    const own = [await paidOrder(reseller.auth), await paidOrder(reseller.auth)];
    const foreign = await paidOrder(stranger.auth);

    const reader = await keyFor(reseller.auth, ['orders:read']);
    const list = await ctx.app.inject({ url: '/api/orders', headers: reader });
    expect(list.statusCode).toBe(200);
    expect(ids(list.json())).toEqual([...own].sort());
    const one = await ctx.app.inject({ url: `/api/orders/${own[0]}`, headers: reader });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ _id: own[0], status: 'paid' });
    expect(
      (await ctx.app.inject({ url: `/api/orders/${foreign}`, headers: reader })).statusCode,
    ).toBe(404);
    // The staff list is for Admins and Owners: the scope does not lift the role rule.
    const staffList = await ctx.app.inject({ url: '/api/admin/orders', headers: reader });
    expect(staffList.statusCode).toBe(403);
    expect(staffList.json().message).not.toBe(API_KEY_SCOPE_MISSING);

    const other = await keyFor(reseller.auth, ['keys:generate', 'licences:read', 'licences:write']);
    for (const url of ['/api/orders', `/api/orders/${own[0]}`]) {
      const res = await ctx.app.inject({ url, headers: other });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: API_KEY_SCOPE_MISSING });
    }
  });

  it('an Admin’s key lists every order on the staff list; without the scope 403', async () => {
    const buyer = await signedIn(ctx);
    const bought = await paidOrder(buyer.auth);
    const admin = await signedIn(ctx, 'Admin');
    const reader = await keyFor(admin.auth, ['orders:read']);
    const list = await ctx.app.inject({
      url: '/api/admin/orders?pageSize=100',
      headers: reader,
    });
    expect(list.statusCode).toBe(200);
    const [count] = await rows<{ n: number }>(ctx, sql`select count(*)::int as n from orders`);
    expect(list.json().total).toBe(count!.n);
    expect(ids(list.json().orders)).toContain(bought);

    const other = await keyFor(admin.auth, ['licences:read']);
    const refused = await ctx.app.inject({ url: '/api/admin/orders', headers: other });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: API_KEY_SCOPE_MISSING });
  });
});
