import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@stellar/shared';
import { createTestApp, rows, signedIn, type TestContext } from '../../../test/harness';
import { licenceKeys, licences } from '../../db/schema';
import { API_KEY_SCOPE_MISSING } from '../../plugins/auth';
import { freshIp, LAUNCHER, ownerKeys, redeem, setGlobalSettings } from '../keys/keys.fixtures';

/** Revocation through API keys, racing staff, and what a member can no longer do with it. */
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signedIn(ctx, 'Owner');
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers, payload, remoteAddress: freshIp() });
const revoke = (auth: Headers, key: string, reason = 'Chargeback') =>
  send('POST', '/api/admin/licences/revoke', auth, { key, reason });
const validate = (key: string, hwid: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/client/validate',
    payload: { key, hwid, product: LAUNCHER.slug, nonce: randomBytes(16).toString('base64url') },
    remoteAddress: freshIp(),
  });

async function licence() {
  const member = await signedIn(ctx);
  const [voucher] = await ownerKeys(ctx, owner, LAUNCHER._id);
  const res = await redeem(ctx, member.auth, voucher!);
  expect(res.statusCode, res.body).toBe(200);
  const product = res.json().product as { _id: string; licenceKey: string };
  return { member, key: product.licenceKey, licenceId: product._id };
}
async function apiKey(auth: Headers, scopes: string[]) {
  const res = await send('POST', '/api/api-keys', auth, { name: 'shop bot', scopes });
  expect(res.statusCode, res.body).toBe(201);
  return { authorization: `Bearer ${res.json().key as string}` };
}
const revokedAt = async (licenceId: string) =>
  (await ctx.db.select().from(licences).where(eq(licences.id, licenceId)))[0]!.revokedAt;

describe('revocation through API keys', () => {
  it('an Admin key with licences:write revokes as its owner; other scopes and roles are refused', async () => {
    const admin = await signedIn(ctx, 'Admin');
    const { key, licenceId } = await licence();

    const readOnly = await revoke(await apiKey(admin.auth, ['licences:read']), key);
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json()).toEqual({ message: API_KEY_SCOPE_MISSING });
    const reseller = await signedIn(ctx, 'Reseller');
    const resellerKey = await revoke(await apiKey(reseller.auth, ['licences:write']), key);
    expect(resellerKey.statusCode).toBe(403);
    expect(resellerKey.json()).toEqual({ message: 'You do not have permission to do this.' });
    expect(await revokedAt(licenceId)).toBeNull();

    const res = await revoke(await apiKey(admin.auth, ['licences:write']), key, 'Refunded');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Licence revoked. The tool is answered REVOKED from its next check.',
      revoked: 'licence',
      id: licenceId,
    });
    const [row] = await ctx.db.select().from(licences).where(eq(licences.id, licenceId));
    expect(row!.revokeReason).toBe('Refunded');
    expect(row!.revokedBy).toBe(admin.user.id);
    const audit = await rows<{ actor_id: string; action: string }>(
      ctx,
      sql`select actor_id, action from audit_log where target_id = ${licenceId}`,
    );
    expect(audit).toEqual([{ actor_id: admin.user.id, action: 'licence.revoke' }]);
  });
});

describe('revocation races and vouchers', () => {
  it('two staff revoking at once: one 200, one 409, one audit row and one event', async () => {
    const admin = await signedIn(ctx, 'Admin');
    const { key, licenceId } = await licence();
    const answers = await Promise.all([revoke(owner.auth, key), revoke(admin.auth, key)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
      message: 'This licence is already revoked.',
    });
    const [audit] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from audit_log where target_id = ${licenceId} and action = 'licence.revoke'`,
    );
    expect(audit!.n).toBe(1);
    const [events] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from events where subject_id = ${licenceId} and type = 'licence.revoked'`,
    );
    expect(events!.n).toBe(1);
  });

  it('a revoked voucher is refused at redeem with the invalid-key message; the revocation is audited', async () => {
    const [voucher] = await ownerKeys(ctx, owner, LAUNCHER._id);
    expect((await revoke(owner.auth, voucher!, 'Leaked on a forum')).statusCode).toBe(200);
    const member = await signedIn(ctx);
    const res = await redeem(ctx, member.auth, voucher!);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.invalidKey });
    const [key] = await ctx.db.select().from(licenceKeys).where(eq(licenceKeys.code, voucher!));
    expect(key!.redeemedAt).toBeNull();
    expect(key!.licenceId).toBeNull();
    const audit = await rows<{ actor_id: string; action: string; details: { reason: string } }>(
      ctx,
      sql`select actor_id, action, details from audit_log where target_id = ${key!.id}`,
    );
    expect(audit).toEqual([
      {
        actor_id: owner.user.id,
        action: 'voucher.revoke',
        details: { productId: LAUNCHER._id, reason: 'Leaked on a forum' },
      },
    ]);
  });
});

describe('a revoked licence, for its member', () => {
  it('cannot be reset nor have its settings saved (409); nothing changes', async () => {
    await setGlobalSettings(ctx, {
      allowHwidReset: true,
      allowSettingsAccess: true,
      hwidResetCooldownHours: 0,
    });
    const { member, key, licenceId } = await licence();
    expect((await validate(key, 'machine-one')).json().code).toBe('VALID');
    expect((await revoke(owner.auth, key)).statusCode).toBe(200);

    const reset = await send('POST', `/api/products/${licenceId}/reset-hwid`, member.auth);
    expect(reset.statusCode).toBe(409);
    expect(reset.json()).toEqual({ message: 'This licence is revoked.' });
    const settings = await send('PUT', `/api/licences/${licenceId}/settings`, member.auth, {
      theme: 'dark',
    });
    expect(settings.statusCode).toBe(409);
    expect(settings.json()).toEqual({ message: 'This licence is revoked.' });
    const [row] = await ctx.db.select().from(licences).where(eq(licences.id, licenceId));
    expect(row!.hwid).toBe('machine-one');
    expect(row!.lastHwidResetAt).toBeNull();
    expect(row!.settings).toEqual({});
    expect((await validate(key, 'machine-one')).json().code).toBe('REVOKED');
  });
});
