import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, rows, signedIn, type TestContext } from '../../../test/harness';
import { licenceKeys, licenceMachines, licences, plans, products } from '../../db/schema';
import { freshIp, LAUNCHER, ownerKeys, redeem, setGlobalSettings } from '../keys/keys.fixtures';

/** Licence management of issue 14: revocation, machines per licence, variables, plan limits. */
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signedIn(ctx, 'Owner');
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const nonce = () => randomBytes(16).toString('base64url');
const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => ctx.app.inject({ method, url, headers, payload, remoteAddress: freshIp() });
/** HWIDs are 8-256 characters: short test names are padded. */
const validate = (key: string, name: string, hwid = name.padEnd(8, '-')) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/client/validate',
    payload: { key, hwid, product: LAUNCHER.slug, nonce: nonce() },
    remoteAddress: freshIp(),
  });

async function licence(plan = 'Basic Plan') {
  const member = await signedIn(ctx);
  const [voucher] = await ownerKeys(ctx, owner, LAUNCHER._id, plan);
  const res = await redeem(ctx, member.auth, voucher!);
  expect(res.statusCode, res.body).toBe(200);
  const product = res.json().product as { _id: string; licenceKey: string };
  return { member, voucher: voucher!, key: product.licenceKey, licenceId: product._id };
}
const owned = async (auth: Headers) =>
  (await send('GET', '/api/users/owns', auth)).json().ownedProducts as {
    _id: string;
    maxMachines: number;
    machines: { _id: string; hwid: string; firstSeenAt: string; lastSeenAt: string }[];
    revoked: { at: string; reason: string } | null;
  }[];

describe('revocation', () => {
  it('staff revoke a licence by its key: the tool gets REVOKED, the member sees why, audited and announced', async () => {
    const { member, key, licenceId } = await licence();
    const first = await validate(key, 'machine-a');
    expect(first.json().code, first.body).toBe('VALID');
    const res = await send('POST', '/api/admin/licences/revoke', owner.auth, {
      key: key.toLowerCase(),
      reason: 'Chargeback',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Licence revoked. The tool is answered REVOKED from its next check.',
      revoked: 'licence',
      id: licenceId,
    });
    const [row] = await ctx.db.select().from(licences).where(eq(licences.id, licenceId));
    expect(row!.revokedAt).toBeInstanceOf(Date);
    expect(row!.revokeReason).toBe('Chargeback');
    expect(row!.revokedBy).toBe(owner.user.id);
    const answer = (await validate(key, 'machine-a')).json();
    expect(answer).toMatchObject({ valid: false, code: 'REVOKED' });
    const [mine] = await owned(member.auth);
    expect(mine!.revoked).toEqual({ at: row!.revokedAt!.toISOString(), reason: 'Chargeback' });
    const audit = await rows<{ actor_id: string; action: string }>(
      ctx,
      sql`select actor_id, action from audit_log where target_id = ${licenceId}`,
    );
    expect(audit).toEqual([{ actor_id: owner.user.id, action: 'licence.revoke' }]);
    const events = await rows<{ type: string; user_id: string; payload: Record<string, unknown> }>(
      ctx,
      sql`select type, user_id, payload from events where subject_id = ${licenceId} and type = 'licence.revoked'`,
    );
    expect(events).toEqual([
      {
        type: 'licence.revoked',
        user_id: member.user.id,
        payload: { licenceId, productId: LAUNCHER._id, reason: 'Chargeback' },
      },
    ]);
    const again = await send('POST', '/api/admin/licences/revoke', owner.auth, {
      key,
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This licence is already revoked.' });
    // A revoked licence frees no machine either.
    const machine = await ctx.db
      .select({ id: licenceMachines.id })
      .from(licenceMachines)
      .where(eq(licenceMachines.licenceId, licenceId));
    const remove = await send(
      'DELETE',
      `/api/licences/${licenceId}/machines/${machine[0]!.id}`,
      member.auth,
    );
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toEqual({ message: 'This licence is revoked.' });
  });

  it('an unredeemed voucher is revoked and can no longer be redeemed; a redeemed one revokes its licence', async () => {
    const [voucher] = await ownerKeys(ctx, owner);
    const res = await send('POST', '/api/admin/licences/revoke', owner.auth, {
      key: voucher!,
      reason: 'Leaked',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Voucher revoked. It can no longer be redeemed.',
      revoked: 'voucher',
    });
    const [key] = await ctx.db.select().from(licenceKeys).where(eq(licenceKeys.code, voucher!));
    expect(key!.revokedAt).toBeInstanceOf(Date);
    const member = await signedIn(ctx);
    const redeemed = await redeem(ctx, member.auth, voucher!);
    expect(redeemed.statusCode).toBe(400);
    expect(await owned(member.auth)).toEqual([]);
    const twice = await send('POST', '/api/admin/licences/revoke', owner.auth, {
      key: voucher!,
      reason: 'Again',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'This voucher is already revoked.' });

    const sold = await licence();
    const probe = await validate(sold.key, 'm');
    expect(probe.json().code, probe.body).toBe('VALID');
    const byVoucher = await send('POST', '/api/admin/licences/revoke', owner.auth, {
      key: sold.voucher,
      reason: 'Refunded by the shop',
    });
    expect(byVoucher.json()).toMatchObject({ revoked: 'licence', id: sold.licenceId });
    expect((await validate(sold.key, 'm')).json().code).toBe('REVOKED');
  });

  it('is for Admins and Owners only; an unknown key is a 404; bad input is a 400 with field messages', async () => {
    const { key } = await licence();
    for (const role of ['Member', 'Reseller', 'Support'] as const) {
      const who = await signedIn(ctx, role);
      const res = await send('POST', '/api/admin/licences/revoke', who.auth, { key, reason: 'x' });
      expect(res.statusCode).toBe(403);
    }
    expect((await validate(key, 'm')).json().code).toBe('VALID');
    const unknown = await send('POST', '/api/admin/licences/revoke', owner.auth, {
      key: 'STLL-00000-00000-00000-00000',
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No licence or unredeemed voucher has this key.' });
    const bad = await send('POST', '/api/admin/licences/revoke', owner.auth, { key, reason: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ reason: 'Reason is required.' });
  });
});

describe('machines', () => {
  it('the dashboard lists bound machines shortened; removing one frees its slot and counts as a reset', async () => {
    await setGlobalSettings(ctx, { allowHwidReset: true, hwidResetCooldownHours: 24 });
    const { member, key, licenceId } = await licence();
    await ctx.db.update(licences).set({ maxMachines: 2 }).where(eq(licences.id, licenceId));
    const a = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1111';
    const b = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb2222';
    expect((await validate(key, a)).json().code).toBe('VALID');
    expect((await validate(key, b)).json().code).toBe('VALID');
    expect((await validate(key, 'c')).json().code).not.toBe('VALID');
    const [mine] = await owned(member.auth);
    expect(mine!.maxMachines).toBe(2);
    expect(mine!.machines.map((m) => m.hwid)).toEqual(['aaaaaaaa…1111', 'bbbbbbbb…2222']);

    const stranger = await signedIn(ctx);
    const other = await send(
      'DELETE',
      `/api/licences/${licenceId}/machines/${mine!.machines[0]!._id}`,
      stranger.auth,
    );
    expect(other.statusCode).toBe(404);

    const removed = await send(
      'DELETE',
      `/api/licences/${licenceId}/machines/${mine!.machines[0]!._id}`,
      member.auth,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(
      'Machine removed. The tool can bind a new machine at its next check.',
    );
    expect((await owned(member.auth))[0]!.machines.map((m) => m.hwid)).toEqual(['bbbbbbbb…2222']);
    expect((await validate(key, 'c')).json().code).toBe('VALID');
    const [event] = await rows<{ payload: { machine: string } }>(
      ctx,
      sql`select payload from events where type = 'hwid.reset' and subject_id = ${licenceId}`,
    );
    expect(event!.payload.machine).toBe('aaaaaaaa…1111');

    // The cooldown applies to the next removal, as to resets.
    const next = (await owned(member.auth))[0]!.machines[0]!._id;
    const early = await send('DELETE', `/api/licences/${licenceId}/machines/${next}`, member.auth);
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toMatch(/^You can reset your HWID again after /);
    expect((await owned(member.auth))[0]!.machines).toHaveLength(2);
  });

  it('refuses while resets are disabled, and for an unknown machine', async () => {
    const { member, key, licenceId } = await licence();
    expect((await validate(key, 'only')).json().code).toBe('VALID');
    const [machine] = (await owned(member.auth))[0]!.machines;
    await setGlobalSettings(ctx, { allowHwidReset: false });
    const off = await send(
      'DELETE',
      `/api/licences/${licenceId}/machines/${machine!._id}`,
      member.auth,
    );
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual({ message: 'HWID reset is disabled.' });
    await setGlobalSettings(ctx, { allowHwidReset: true, hwidResetCooldownHours: 0 });
    const unknown = await send(
      'DELETE',
      `/api/licences/${licenceId}/machines/00000000-0000-4000-8000-000000000000`,
      member.auth,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Machine not found.' });
    // Removing the only machine of a one-machine licence unbinds it like a reset.
    const ok = await send(
      'DELETE',
      `/api/licences/${licenceId}/machines/${machine!._id}`,
      member.auth,
    );
    expect(ok.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(licences).where(eq(licences.id, licenceId));
    expect(row!.hwid).toBeNull();
    expect((await validate(key, 'another')).json().code).toBe('VALID');
  });
});

describe('staff edit variables and machines per plan', () => {
  it('variables saved by staff come back inside VALID answers; bad JSON is a 400', async () => {
    const overview = await send('GET', '/api/admin/licensing', owner.auth);
    expect(overview.statusCode).toBe(200);
    const launcher = overview.json().products.find((p: { id: string }) => p.id === LAUNCHER._id);
    expect(launcher.plans.length).toBeGreaterThan(0);
    const put = await send('PUT', `/api/admin/products/${LAUNCHER._id}/variables`, owner.auth, {
      variables: { latest: '2.4.1', download: 'https://example.test/tool.zip' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [product] = await ctx.db.select().from(products).where(eq(products.id, LAUNCHER._id));
    expect(product!.variables).toEqual({
      latest: '2.4.1',
      download: 'https://example.test/tool.zip',
    });
    const { key } = await licence();
    expect((await validate(key, 'v')).json().variables).toEqual({
      latest: '2.4.1',
      download: 'https://example.test/tool.zip',
    });
    const bad = await send('PUT', `/api/admin/products/${LAUNCHER._id}/variables`, owner.auth, {
      variables: ['not', 'an', 'object'],
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await send('PUT', '/api/admin/products/nope/variables', owner.auth, {
      variables: {},
    });
    expect(unknown.statusCode).toBe(404);
    const member = await signedIn(ctx);
    const refused = await send(
      'PUT',
      `/api/admin/products/${LAUNCHER._id}/variables`,
      member.auth,
      {
        variables: {},
      },
    );
    expect(refused.statusCode).toBe(403);
  });

  it("a plan's machine limit applies to licences created from then on; 0 and 101 are refused", async () => {
    const [plan] = await ctx.db.select().from(plans).where(eq(plans.productId, LAUNCHER._id));
    for (const bad of [0, 101, 1.5]) {
      const res = await send('PUT', `/api/admin/plans/${plan!.id}/machines`, owner.auth, {
        maxMachines: bad,
      });
      expect(res.statusCode).toBe(400);
    }
    const ok = await send('PUT', `/api/admin/plans/${plan!.id}/machines`, owner.auth, {
      maxMachines: 3,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const { member } = await licence(plan!.name);
    expect((await owned(member.auth))[0]!.maxMachines).toBe(3);
    await send('PUT', `/api/admin/plans/${plan!.id}/machines`, owner.auth, { maxMachines: 1 });
  });
});
