import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { KEY_CODE_PATTERN, LICENCE_KEY_PATTERN } from '@stellar/shared';
import { createTestApp, reloadUser, rows, signedIn, type TestContext } from '../../../test/harness';
import { newKeyCode, normaliseKeyCode } from '../../lib/key-code';
import {
  CLOTHING,
  credit,
  generate,
  grant,
  LAUNCHER,
  OTHER,
  ownerKeys,
  redeem,
} from './keys.fixtures';

const DAY = 24 * 60 * 60 * 1000;

describe('key generation and redemption', () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signedIn(ctx, 'Owner');
  });
  afterAll(() => ctx.close());

  const ledgerSum = async (userId: string) =>
    (
      await rows<{ s: number }>(
        ctx,
        sql`select coalesce(sum(delta_cents), 0)::int as s from balance_ledger where user_id = ${userId}`,
      )
    )[0]!.s;
  const keysOf = async (userId: string) =>
    rows<{ code: string; price_paid_cents: number; duration_days: number }>(
      ctx,
      sql`select code, price_paid_cents, duration_days from licence_keys where created_by = ${userId}`,
    );

  it('key codes are STLR- and 20 Crockford base32 characters (100 random bits)', () => {
    const codes = Array.from({ length: 2000 }, newKeyCode);
    for (const code of codes) expect(code).toMatch(KEY_CODE_PATTERN);
    expect(new Set(codes).size).toBe(codes.length);
    // Every symbol of the alphabet turns up: the bits are spread over all 32.
    expect(new Set(codes.join('').replace(/STLR|-/g, '')).size).toBe(32);
    const code = codes[0]!;
    expect(normaliseKeyCode(`  ${code.toLowerCase().replace(/-/g, ' ')} `)).toBe(code);
    expect(normaliseKeyCode('stlr-oooo1-iiiil-00000-11111')).toBe('STLR-00001-11111-00000-11111');
    expect(normaliseKeyCode('nonsense')).toBe('NONSENSE');
  });

  it('a Reseller pays price x quantity for a granted product: keys, balance, ledger row', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    await grant(ctx, reseller.user.id, CLOTHING._id);
    await credit(ctx, reseller.user.id, 10_000);
    const res = await generate(ctx, reseller.auth, {
      productId: CLOTHING._id,
      plan: 'Standard Plan',
      quantity: 3,
    });
    expect(res.statusCode).toBe(200);
    const { keys, balance } = res.json();
    expect(keys).toHaveLength(3);
    expect(balance).toBe(40);
    expect((await reloadUser(ctx, reseller.user.id))!.balanceCents).toBe(4000);
    const stored = await keysOf(reseller.user.id);
    expect(stored.map((k) => k.code).sort()).toEqual([...keys].sort());
    expect(stored.every((k) => k.price_paid_cents === 2000 && k.duration_days === 30)).toBe(true);
    const ledger = await rows(
      ctx,
      sql`select delta_cents::int as delta, reason, reference from balance_ledger
          where user_id = ${reseller.user.id} and reason = 'key_purchase'`,
    );
    expect(ledger).toEqual([
      {
        delta: -6000,
        reason: 'key_purchase',
        reference: { productId: CLOTHING._id, plan: 'Standard Plan', quantity: 3 },
      },
    ]);
    expect(await ledgerSum(reseller.user.id)).toBe(4000);
  });

  it('40 parallel generate calls never overspend: balance >= 0 and equal to its ledger', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    await grant(ctx, reseller.user.id, LAUNCHER._id);
    await credit(ctx, reseller.user.id, 10_000); // $100 against 40 x $7..$21
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        generate(ctx, reseller.auth, {
          productId: LAUNCHER._id,
          plan: 'Basic Plan',
          quantity: (i % 3) + 1,
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    for (const r of refused) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ message: 'Insufficient balance to generate keys.' });
    }
    const keysReturned = ok.flatMap((r) => r.json().keys as string[]);
    expect(ok.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    const balance = (await reloadUser(ctx, reseller.user.id))!.balanceCents;
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(10_000 - 700 * keysReturned.length);
    expect(await ledgerSum(reseller.user.id)).toBe(balance);
    expect((await keysOf(reseller.user.id)).length).toBe(keysReturned.length);
    // Every answer reported the balance left after its own debit, each one distinct.
    const reported = ok.map((r) => r.json().balance as number);
    expect(new Set(reported).size).toBe(ok.length);
    expect(Math.min(...reported)).toBe(balance / 100);
  });

  it('a short balance is refused with the spec message and nothing is written', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    await grant(ctx, reseller.user.id, LAUNCHER._id);
    await credit(ctx, reseller.user.id, 2000);
    const res = await generate(ctx, reseller.auth, {
      productId: LAUNCHER._id,
      plan: 'Standard Plan',
      quantity: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Insufficient balance to generate keys.' });
    expect((await reloadUser(ctx, reseller.user.id))!.balanceCents).toBe(2000);
    expect(await keysOf(reseller.user.id)).toEqual([]);
    expect(await ledgerSum(reseller.user.id)).toBe(2000);
  });

  it('a Reseller generating a product not granted gets 403; Member and Support get 403', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    await grant(ctx, reseller.user.id, LAUNCHER._id);
    await credit(ctx, reseller.user.id, 100_000);
    const res = await generate(ctx, reseller.auth, {
      productId: OTHER._id,
      plan: 'Basic Plan',
      quantity: 1,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You are not allowed to sell this product.' });
    expect((await reloadUser(ctx, reseller.user.id))!.balanceCents).toBe(100_000);
    for (const role of ['Member', 'Support'] as const) {
      const user = await signedIn(ctx, role);
      const denied = await generate(ctx, user.auth, {
        productId: LAUNCHER._id,
        plan: 'Basic Plan',
        quantity: 1,
      });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ message: 'You do not have permission to do this.' });
      expect(await keysOf(user.user.id)).toEqual([]);
    }
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/keys/generate',
      payload: { productId: LAUNCHER._id, plan: 'Basic Plan', quantity: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('Admin and Owner generate any product free, and it is audited', async () => {
    const admin = await signedIn(ctx, 'Admin');
    const res = await generate(ctx, admin.auth, {
      productId: OTHER._id,
      plan: 'Premium Plan',
      quantity: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().balance).toBe(0);
    const stored = await keysOf(admin.user.id);
    expect(stored).toHaveLength(2);
    expect(stored.every((k) => k.price_paid_cents === 0 && k.duration_days === 365)).toBe(true);
    expect(await ledgerSum(admin.user.id)).toBe(0);
    const audit = await rows(
      ctx,
      sql`select action, target_id, details from audit_log where actor_id = ${admin.user.id}`,
    );
    expect(audit).toEqual([
      {
        action: 'keys.generate',
        target_id: OTHER._id,
        details: { plan: 'Premium Plan', quantity: 2 },
      },
    ]);
  });

  it('unknown product or plan and bad quantities are 400s with clear messages', async () => {
    const cases: [object, number, object][] = [
      [
        { productId: 'nope', plan: 'Basic Plan', quantity: 1 },
        400,
        { message: 'Unknown product.', errors: { productId: 'Unknown product.' } },
      ],
      [
        { productId: LAUNCHER._id, plan: 'Gold Plan', quantity: 1 },
        400,
        {
          message: 'Unknown plan for this product.',
          errors: { plan: 'Unknown plan for this product.' },
        },
      ],
      [
        { productId: LAUNCHER._id, plan: '', quantity: 1 },
        400,
        {
          message: 'Please select a product and a plan.',
          errors: { plan: 'Please select a product and a plan.' },
        },
      ],
      [
        { productId: LAUNCHER._id, quantity: 1 },
        400,
        {
          message: 'Please select a product and a plan.',
          errors: { plan: 'Please select a product and a plan.' },
        },
      ],
      [
        { productId: LAUNCHER._id, plan: 'Basic Plan', quantity: 0 },
        400,
        {
          message: 'Quantity must be at least 1.',
          errors: { quantity: 'Quantity must be at least 1.' },
        },
      ],
      [
        { productId: LAUNCHER._id, plan: 'Basic Plan', quantity: 501 },
        400,
        {
          message: 'Quantity must be at most 500.',
          errors: { quantity: 'Quantity must be at most 500.' },
        },
      ],
      [
        { productId: LAUNCHER._id, plan: 'Basic Plan', quantity: 1.5 },
        400,
        {
          message: 'Quantity must be a whole number.',
          errors: { quantity: 'Quantity must be a whole number.' },
        },
      ],
      [
        { productId: LAUNCHER._id, plan: 'Basic Plan', quantity: 1, balance: 5 },
        400,
        {
          message: 'Unrecognized key: "balance"',
          errors: { balance: 'Unrecognized key: "balance"' },
        },
      ],
    ];
    for (const [payload, status, body] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/keys/generate',
        headers: owner.auth,
        payload,
      });
      expect({ payload, status: res.statusCode, body: res.json() }).toEqual({
        payload,
        status,
        body,
      });
    }
  });

  it('500 keys in one call are all distinct and stored', async () => {
    const admin = await signedIn(ctx, 'Admin');
    const keys = await ownerKeys(ctx, admin, LAUNCHER._id, 'Basic Plan', 500);
    expect(new Set(keys).size).toBe(500);
    expect(await keysOf(admin.user.id)).toHaveLength(500);
  });

  it('redeeming creates the licence; the same key again is refused', async () => {
    const member = await signedIn(ctx);
    const [key] = await ownerKeys(ctx, owner, CLOTHING._id, 'Standard Plan');
    const before = Date.now();
    const res = await redeem(ctx, member.auth, ` ${key!.toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    const { message, product } = res.json();
    expect(message).toBe('Key redeemed successfully');
    expect(product).toMatchObject({
      productId: CLOTHING._id,
      title: 'Clothing Bot',
      slug: 'clothing-bot',
      hwid: null,
      licenceKey: expect.stringMatching(LICENCE_KEY_PATTERN),
      canResetHWID: false,
      canAccessSettings: false,
      nextHwidResetAt: null,
    });
    const expires = Date.parse(product.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY + 1000);
    const [stored] = await rows(
      ctx,
      sql`select k.redeemed_by, k.licence_id, l.user_id from licence_keys k
          join licences l on l.id = k.licence_id where k.code = ${key!}`,
    );
    expect(stored).toEqual({
      redeemed_by: member.user.id,
      licence_id: product._id,
      user_id: member.user.id,
    });
    const again = await redeem(ctx, member.auth, key!);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'Invalid or already used key.' });
  });

  it('unknown and revoked keys are refused with the same message', async () => {
    const member = await signedIn(ctx);
    const [key] = await ownerKeys(ctx, owner);
    await ctx.db.execute(sql`update licence_keys set revoked_at = now() where code = ${key!}`);
    for (const code of [key!, newKeyCode(), 'hello']) {
      const res = await redeem(ctx, member.auth, code);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid or already used key.' });
    }
    const [row] = await rows(ctx, sql`select redeemed_at from licence_keys where code = ${key!}`);
    expect(row).toEqual({ redeemed_at: null });
    const empty = await redeem(ctx, member.auth, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Key is required.');
  });

  it('10 members racing for one key: exactly one wins', async () => {
    const [key] = await ownerKeys(ctx, owner, OTHER._id);
    const members = await Promise.all(Array.from({ length: 10 }, () => signedIn(ctx)));
    const results = await Promise.all(members.map((m) => redeem(ctx, m.auth, key!)));
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ message: 'Invalid or already used key.' });
    }
    const licences = await rows(
      ctx,
      sql`select l.user_id from licences l join licence_keys k on k.licence_id = l.id
          where k.code = ${key!}`,
    );
    const winner = members[results.indexOf(winners[0]!)]!;
    expect(licences).toEqual([{ user_id: winner.user.id }]);
  });

  it('stacking: week, then month, then year extend from the expiry; an expired one from now', async () => {
    const member = await signedIn(ctx);
    const [week] = await ownerKeys(ctx, owner, LAUNCHER._id, 'Basic Plan');
    const [month] = await ownerKeys(ctx, owner, LAUNCHER._id, 'Standard Plan');
    const [year] = await ownerKeys(ctx, owner, LAUNCHER._id, 'Premium Plan');
    const [late] = await ownerKeys(ctx, owner, LAUNCHER._id, 'Basic Plan');
    const expiry = async (code: string) => {
      const res = await redeem(ctx, member.auth, code);
      expect(res.statusCode).toBe(200);
      return res.json().product as { _id: string; expiresAt: string; licenceKey: string };
    };
    const start = Date.now();
    const first = await expiry(week!);
    expect(Date.parse(first.expiresAt) - start).toBeGreaterThanOrEqual(7 * DAY - 1000);
    expect(Date.parse(first.expiresAt) - start).toBeLessThanOrEqual(7 * DAY + 5000);
    const second = await expiry(month!);
    expect(Date.parse(second.expiresAt) - Date.parse(first.expiresAt)).toBe(30 * DAY);
    const third = await expiry(year!);
    expect(Date.parse(third.expiresAt) - Date.parse(second.expiresAt)).toBe(365 * DAY);
    // One licence throughout, with the licence key it got when it was created.
    expect(new Set([first._id, second._id, third._id]).size).toBe(1);
    expect(first.licenceKey).toMatch(LICENCE_KEY_PATTERN);
    expect(new Set([first.licenceKey, second.licenceKey, third.licenceKey]).size).toBe(1);
    expect(first.licenceKey).not.toBe(week);

    await ctx.db.execute(
      sql`update licences set expires_at = now() - interval '3 days' where id = ${first._id}`,
    );
    const before = Date.now();
    const renewed = await expiry(late!);
    expect(Date.parse(renewed.expiresAt)).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(Date.parse(renewed.expiresAt)).toBeLessThanOrEqual(Date.now() + 7 * DAY + 1000);
    const count = await rows(
      ctx,
      sql`select count(*)::int as n from licences where user_id = ${member.user.id}`,
    );
    expect(count[0]).toEqual({ n: 1 });
  });

  it('redeeming is rate-limited per user and per IP', async () => {
    const member = await signedIn(ctx);
    const ip = '10.200.0.1';
    for (let i = 0; i < 10; i += 1) {
      expect((await redeem(ctx, member.auth, 'STLR-nope', ip)).statusCode).toBe(400);
    }
    const limited = await redeem(ctx, member.auth, 'STLR-nope', '10.200.0.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Too many attempts\. Please try again in \d+ seconds\.$/,
    );

    const others = await Promise.all([signedIn(ctx), signedIn(ctx)]);
    for (let i = 0; i < 20; i += 1) {
      const res = await redeem(ctx, others[i % 2]!.auth, 'STLR-nope', ip);
      expect(res.statusCode).toBe(400);
    }
    const third = await signedIn(ctx);
    expect((await redeem(ctx, third.auth, 'STLR-nope', ip)).statusCode).toBe(429);
    expect((await redeem(ctx, third.auth, 'STLR-nope', '10.200.0.3')).statusCode).toBe(400);
  });
});
