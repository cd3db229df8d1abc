import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { createTestApp, signedIn, type TestContext } from '../../../test/harness';
import { licenceMachines, licences, plans, products } from '../../db/schema';
import { grantLicenceDays } from '../licences';
import { CLOTHING, freshIp, LAUNCHER, setGlobalSettings } from '../keys/keys.fixtures';
import { licenceCheckHelpers, nonce, publicKeyOf, verifies } from './licence-check.fixtures';

/** Licence check, second version (issue 14, docs/licence-api.md): bindings, REVOKED, machines, offline tokens, variables. */
const DAY = 24 * 60 * 60 * 1000;

describe('licence check v2', () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let publicKey: KeyObject;
  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signedIn(ctx, 'Owner');
    publicKey = await publicKeyOf(ctx);
  });
  afterAll(() => ctx.close());

  const helpers = licenceCheckHelpers(() => ({ ctx, owner, publicKey }));
  const { licence, post, signed, licenceRow } = helpers;
  const check = async (body: Record<string, unknown>, ip?: string) =>
    (await signed('/api/client/validate', body, ip)).answer;
  const offline = async (body: Record<string, unknown>) =>
    (await signed('/api/client/offline-token', body)).answer;
  const setMax = (licenceId: string, n: number) =>
    ctx.db.update(licences).set({ maxMachines: n }).where(eq(licences.id, licenceId));
  const machinesOf = (licenceId: string) =>
    ctx.db
      .select()
      .from(licenceMachines)
      .where(eq(licenceMachines.licenceId, licenceId))
      .orderBy(licenceMachines.firstSeenAt);

  it('public key: PEM, the raw 32 bytes (base64) and their SHA-256 fingerprint (hex)', async () => {
    const body = (await ctx.app.inject('/api/client/public-key')).json();
    expect(Object.keys(body)).toEqual(['publicKey', 'algorithm', 'raw', 'fingerprint']);
    const raw = createPublicKey(body.publicKey)
      .export({ format: 'der', type: 'spki' })
      .subarray(-32);
    expect(Buffer.from(body.raw, 'base64').equals(raw)).toBe(true);
    expect(body.fingerprint).toBe(createHash('sha256').update(raw).digest('hex'));
    expect(body.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers are bound: hwid as checked and licenceId (null for an unknown key)', async () => {
    const { key, licenceId } = await licence();
    const answer = await check({ key, hwid: 'bound-machine-1' });
    expect(answer).toMatchObject({ code: 'VALID', hwid: 'bound-machine-1', licenceId });
    expect(Object.keys(answer)).toEqual([
      'valid',
      'code',
      'product',
      'expiresAt',
      'nonce',
      'serverTime',
      'hwid',
      'licenceId',
    ]);
    // A relay rewriting the hwid gets an answer naming the machine it really asked about.
    const relayed = await check({ key, hwid: 'relay-machine-2' });
    expect(relayed).toMatchObject({ code: 'HWID_MISMATCH', hwid: 'relay-machine-2', licenceId });
    expect(await check({ key: 'STLL-00000-00000-00000-00000', hwid: 'bound-machine-1' })).toEqual(
      expect.objectContaining({ code: 'KEY_INVALID', licenceId: null, hwid: 'bound-machine-1' }),
    );
  });

  it('signed answers are never compressed, even when the client accepts gzip or brotli', async () => {
    const { key } = await licence();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/client/validate',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      payload: { key, hwid: 'gzip-machine-1', product: LAUNCHER.slug, nonce: nonce() },
      remoteAddress: freshIp(),
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(verifies(res, publicKey)).toBe(true);
    expect(res.json()).toMatchObject({ code: 'VALID' });
  });

  it('REVOKED (signed, valid false) on validate, settings and offline token; nothing bound', async () => {
    const { key, licenceId } = await licence();
    await check({ key, hwid: 'revoked-machine' });
    await ctx.db
      .update(licences)
      .set({ revokedAt: new Date(), revokeReason: 'chargeback' })
      .where(eq(licences.id, licenceId));
    expect(await check({ key, hwid: 'revoked-machine' })).toEqual(
      expect.objectContaining({ valid: false, code: 'REVOKED', expiresAt: null, licenceId }),
    );
    expect(await check({ key, hwid: 'another-machine-x' })).toMatchObject({ code: 'REVOKED' });
    expect(await machinesOf(licenceId)).toHaveLength(1);
    await setGlobalSettings(ctx, { allowSettingsAccess: true, offlineDays: 7 });
    try {
      const n = nonce();
      const res = await ctx.app.inject(
        `/api/client/settings?key=${key}&hwid=revoked-machine&nonce=${n}`,
      );
      expect(res.statusCode).toBe(200);
      expect(verifies(res, publicKey)).toBe(true);
      expect(res.json()).toEqual({
        product: LAUNCHER.slug,
        settings: null,
        nonce: n,
        serverTime: res.json().serverTime,
        valid: false,
        code: 'REVOKED',
        hwid: 'revoked-machine',
        licenceId,
      });
      expect(await offline({ key, hwid: 'revoked-machine' })).toEqual(
        expect.objectContaining({ valid: false, code: 'REVOKED', validUntil: null }),
      );
    } finally {
      await setGlobalSettings(ctx, { allowSettingsAccess: false, offlineDays: 0 });
    }
  });

  it('N machines: the first N distinct HWIDs bind, the next one is refused; N = 1 keeps licences.hwid', async () => {
    const { key, licenceId } = await licence();
    await setMax(licenceId, 3);
    const before = Date.now();
    for (const hwid of ['multi-machine-1', 'multi-machine-2', 'multi-machine-3']) {
      expect(await check({ key, hwid })).toMatchObject({ code: 'VALID', hwid });
    }
    expect(await check({ key, hwid: 'multi-machine-4' })).toMatchObject({
      valid: false,
      code: 'HWID_MISMATCH',
    });
    expect(await check({ key, hwid: 'multi-machine-2' })).toMatchObject({ code: 'VALID' });
    const machines = await machinesOf(licenceId);
    expect(machines.map((m) => m.hwid).sort()).toEqual([
      'multi-machine-1',
      'multi-machine-2',
      'multi-machine-3',
    ]);
    for (const m of machines) {
      expect(m.firstSeenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(m.lastSeenAt.getTime()).toBeGreaterThanOrEqual(m.firstSeenAt.getTime());
    }
    // licences.hwid keeps the first machine for the first version's code paths.
    expect((await licenceRow(licenceId)).hwid).toBe('multi-machine-1');

    // N = 1: the first version's behaviour, row for row.
    const single = await licence();
    expect(await check({ key: single.key, hwid: 'single-machine-1' })).toMatchObject({
      code: 'VALID',
    });
    expect(await check({ key: single.key, hwid: 'single-machine-2' })).toMatchObject({
      code: 'HWID_MISMATCH',
    });
    const row = await licenceRow(single.licenceId);
    expect(row.hwid).toBe('single-machine-1');
    expect((await machinesOf(single.licenceId)).map((m) => m.hwid)).toEqual(['single-machine-1']);
  });

  it('a machine bound by licences.hwid alone (older code) holds its slot and is recorded on its next check', async () => {
    const { key, licenceId } = await licence();
    await ctx.db
      .update(licences)
      .set({ hwid: 'legacy-machine-1', hwidBoundAt: new Date() })
      .where(eq(licences.id, licenceId));
    expect(await check({ key, hwid: 'other-machine-9' })).toMatchObject({
      code: 'HWID_MISMATCH',
    });
    expect(await machinesOf(licenceId)).toHaveLength(0);
    expect(await check({ key, hwid: 'legacy-machine-1' })).toMatchObject({ code: 'VALID' });
    expect((await machinesOf(licenceId)).map((m) => m.hwid)).toEqual(['legacy-machine-1']);
  });

  it('a machine row removed (another route) frees its slot; licences.hwid then names a bound machine', async () => {
    const { key, licenceId } = await licence();
    await setMax(licenceId, 2);
    await check({ key, hwid: 'removed-machine-1' });
    await check({ key, hwid: 'removed-machine-2' });
    expect(await check({ key, hwid: 'removed-machine-3' })).toMatchObject({
      code: 'HWID_MISMATCH',
    });
    const remove = (hwid: string) =>
      ctx.db
        .delete(licenceMachines)
        .where(and(eq(licenceMachines.licenceId, licenceId), eq(licenceMachines.hwid, hwid)));
    // licences.hwid still names removed-machine-1: its slot is free all the same.
    await remove('removed-machine-1');
    expect(await check({ key, hwid: 'removed-machine-3' })).toMatchObject({ code: 'VALID' });
    expect((await licenceRow(licenceId)).hwid).toBe('removed-machine-3');
    expect(await check({ key, hwid: 'removed-machine-1' })).toMatchObject({
      code: 'HWID_MISMATCH',
    });
    // The removal route clears licences.hwid when it named the removed machine: the next check
    // of a bound machine (at most a minute later) names that one.
    await ctx.db
      .update(licences)
      .set({ hwid: null, hwidBoundAt: null, lastCheckAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(licences.id, licenceId));
    expect(await check({ key, hwid: 'removed-machine-2' })).toMatchObject({ code: 'VALID' });
    expect((await licenceRow(licenceId)).hwid).toBe('removed-machine-2');
  });

  it('20 parallel first checks of distinct machines never bind more than N', async () => {
    for (const n of [1, 3]) {
      const { key, licenceId } = await licence();
      await setMax(licenceId, n);
      const hwids = Array.from({ length: 20 }, (_, i) => `parallel-${n}-machine-${i}`);
      const answers = await Promise.all(hwids.map((hwid) => check({ key, hwid })));
      const valid = answers.filter((a) => a.code === 'VALID').map((a) => a.hwid as string);
      expect(valid).toHaveLength(n);
      expect(answers.filter((a) => a.code === 'HWID_MISMATCH')).toHaveLength(20 - n);
      expect((await machinesOf(licenceId)).map((m) => m.hwid).sort()).toEqual(valid.sort());
      expect(valid).toContain((await licenceRow(licenceId)).hwid);
    }
  });

  it("a machine's last_seen_at is refreshed at most once a minute", async () => {
    const { key, licenceId } = await licence();
    await check({ key, hwid: 'seen-machine-1' });
    const [first] = await machinesOf(licenceId);
    await check({ key, hwid: 'seen-machine-1' });
    expect((await machinesOf(licenceId))[0]!.lastSeenAt).toEqual(first!.lastSeenAt);
    await ctx.db
      .update(licenceMachines)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(licenceMachines.licenceId, licenceId));
    const before = Date.now();
    await check({ key, hwid: 'seen-machine-1' });
    const [after] = await machinesOf(licenceId);
    expect(after!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(after!.firstSeenAt).toEqual(first!.firstSeenAt);
  });

  it('a HWID reset frees the slot of the machine (licence_machines emptied too)', async () => {
    const { member, key, licenceId } = await licence();
    await check({ key, hwid: 'reset-machine-1' });
    await setGlobalSettings(ctx, { allowHwidReset: true, hwidResetCooldownHours: 0 });
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/products/${licenceId}/reset-hwid`,
        headers: member.auth,
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await setGlobalSettings(ctx, { allowHwidReset: false, hwidResetCooldownHours: 24 });
    }
    expect(await machinesOf(licenceId)).toHaveLength(0);
    expect(await check({ key, hwid: 'reset-machine-2' })).toMatchObject({ code: 'VALID' });
    expect((await licenceRow(licenceId)).hwid).toBe('reset-machine-2');
  });

  it("a new licence copies its plan's max_machines (redeem and grantLicenceDays by plan name)", async () => {
    const plan = and(eq(plans.productId, CLOTHING._id), eq(plans.name, 'Standard Plan'));
    await ctx.db.update(plans).set({ maxMachines: 4 }).where(plan);
    try {
      const redeemed = await licence(CLOTHING._id, 'Standard Plan');
      expect((await licenceRow(redeemed.licenceId)).maxMachines).toBe(4);
      const member = await signedIn(ctx);
      const granted = await grantLicenceDays(ctx.db, {
        userId: member.user.id,
        productId: CLOTHING._id,
        days: 30,
        plan: { name: 'Standard Plan' },
      });
      expect((await licenceRow(granted.licenceId)).maxMachines).toBe(4);
      // Extending with a one-machine plan never lowers it.
      await grantLicenceDays(ctx.db, {
        userId: member.user.id,
        productId: CLOTHING._id,
        days: 7,
        plan: { name: 'Basic Plan' },
      });
      expect((await licenceRow(granted.licenceId)).maxMachines).toBe(4);
    } finally {
      await ctx.db.update(plans).set({ maxMachines: 1 }).where(plan);
    }
    const basic = await licence(CLOTHING._id, 'Basic Plan');
    expect((await licenceRow(basic.licenceId)).maxMachines).toBe(1);
  });

  it('variables: inside VALID answers only (signed), absent when the product has none', async () => {
    const { key } = await licence();
    expect(await check({ key, hwid: 'vars-machine-1' })).not.toHaveProperty('variables');
    const variables = { latestVersion: '2.5.0', downloadUrl: 'https://stellar.example/dl' };
    await ctx.db.update(products).set({ variables }).where(eq(products.id, LAUNCHER._id));
    try {
      const answer = await check({ key, hwid: 'vars-machine-1' });
      expect(answer).toMatchObject({ code: 'VALID', variables });
      expect(Object.keys(answer).at(-1)).toBe('variables');
      expect(await check({ key, hwid: 'vars-machine-2' })).not.toHaveProperty('variables');
    } finally {
      await ctx.db.update(products).set({ variables: {} }).where(eq(products.id, LAUNCHER._id));
    }
  });

  it('offline token: OFFLINE_DISABLED at 0 days; else valid until min(expiry, now + offlineDays)', async () => {
    const { key, licenceId } = await licence(); // Basic Plan: 7 days
    expect(await offline({ key, hwid: 'offline-machine-1' })).toEqual(
      expect.objectContaining({
        valid: false,
        code: 'OFFLINE_DISABLED',
        type: 'offline-token',
        validUntil: null,
      }),
    );
    expect(await machinesOf(licenceId)).toHaveLength(0);
    await setGlobalSettings(ctx, { offlineDays: 3 });
    try {
      const before = Date.now();
      const token = await offline({ key, hwid: 'offline-machine-1' });
      expect(token).toMatchObject({ valid: true, code: 'VALID', type: 'offline-token', licenceId });
      const until = Date.parse(token.validUntil);
      expect(until).toBeGreaterThanOrEqual(before + 3 * DAY - 1000);
      expect(until).toBeLessThanOrEqual(Date.now() + 3 * DAY);
      await setGlobalSettings(ctx, { offlineDays: 30 });
      const capped = await offline({ key, hwid: 'offline-machine-1' });
      expect(capped.validUntil).toBe((await licenceRow(licenceId)).expiresAt.toISOString());
      expect(await offline({ key, hwid: 'offline-machine-2' })).toEqual(
        expect.objectContaining({ valid: false, code: 'HWID_MISMATCH', validUntil: null }),
      );
    } finally {
      await setGlobalSettings(ctx, { offlineDays: 0 });
    }
  });

  it('offlineDays is a global setting: 0-30, optional on PUT (kept), audited', async () => {
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/global-product-settings',
        headers: owner.auth,
        payload,
      });
    const base = { allowHWIDReset: 'no', allowSettingsAccess: 'no', hwidResetCooldownHours: 24 };
    const bad = await put({ ...base, offlineDays: 31 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ offlineDays: 'Must be at most 30 days.' });
    const saved = await put({ ...base, offlineDays: 5 });
    expect(saved.json()).toEqual({ ...base, offlineDays: 5 });
    expect((await put(base)).json()).toEqual({ ...base, offlineDays: 5 });
    const read = await ctx.app.inject({
      url: '/api/admin/global-product-settings',
      headers: owner.auth,
    });
    expect(read.json()).toEqual({ ...base, offlineDays: 5 });
    await put({ ...base, offlineDays: 0 });
  });

  it('rate limit per licence: its machines and routes count together', async () => {
    const { key, licenceId } = await licence();
    await setMax(licenceId, 2);
    for (let i = 0; i < 30; i += 1) {
      expect(
        (await post('/api/client/validate', { key, hwid: 'limit-machine-1' })).statusCode,
      ).toBe(200);
      expect(
        (
          await post('/api/client/offline-token', {
            key: key.toLowerCase(),
            hwid: 'limit-machine-2',
          })
        ).statusCode,
      ).toBe(200);
    }
    const limited = await post('/api/client/validate', { key, hwid: 'limit-machine-2' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts/);
    expect(limited.headers['x-signature']).toBeUndefined();
    const settingsLimited = await ctx.app.inject({
      url: `/api/client/settings?key=${key}&hwid=limit-machine-1&nonce=${nonce()}`,
      remoteAddress: freshIp(),
    });
    expect(settingsLimited.statusCode).toBe(429);
    // Another licence is not affected.
    const other = await licence();
    expect(
      (await post('/api/client/validate', { key: other.key, hwid: 'limit-machine-1' })).statusCode,
    ).toBe(200);
  });
});
