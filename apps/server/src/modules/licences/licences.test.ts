import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, rows, signedIn, type TestContext } from '../../../test/harness';
import { licences } from '../../db/schema';
import { CLOTHING, LAUNCHER, ownerKeys, redeem, setGlobalSettings } from '../keys/keys.fixtures';

const HOUR = 60 * 60 * 1000;

describe('owned products, HWID reset and licence settings', () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signedIn(ctx, 'Owner');
  });
  afterAll(() => ctx.close());
  beforeEach(() =>
    setGlobalSettings(ctx, {
      allowHwidReset: false,
      allowSettingsAccess: false,
      hwidResetCooldownHours: 24,
    }),
  );

  type Member = Awaited<ReturnType<typeof signedIn>>;
  /** A member owning a Stellar Launcher licence: returns its id and key. */
  async function memberWithLicence(productId = LAUNCHER._id) {
    const member = await signedIn(ctx);
    const [key] = await ownerKeys(ctx, owner, productId);
    const res = await redeem(ctx, member.auth, key!);
    const product = res.json().product as { _id: string; licenceKey: string };
    return { ...member, key: product.licenceKey, licenceId: product._id };
  }
  const bind = async (key: string, hwid: string, product = LAUNCHER.slug) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/client/validate',
        payload: { key, hwid, product, nonce: randomBytes(16).toString('hex') },
      })
    ).json().code as string;
  const owns = async (member: Member) =>
    (await ctx.app.inject({ url: '/api/users/owns', headers: member.auth })).json()
      .ownedProducts as Record<string, unknown>[];
  const reset = (member: Member, id: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/products/${encodeURIComponent(id)}/reset-hwid`,
      headers: member.auth,
    });
  const licenceRow = async (id: string) =>
    (await ctx.db.select().from(licences).where(eq(licences.id, id)))[0]!;

  it('GET /users/owns lists only the member own licences, flags from the global settings', async () => {
    const member = await signedIn(ctx);
    expect(await owns(member)).toEqual([]);
    const [clothingKey] = await ownerKeys(ctx, owner, CLOTHING._id, 'Premium Plan');
    const [launcherKey] = await ownerKeys(ctx, owner, LAUNCHER._id, 'Basic Plan');
    const clothing = (await redeem(ctx, member.auth, clothingKey!)).json().product;
    await redeem(ctx, member.auth, launcherKey!);
    await memberWithLicence(); // someone else's licence never shows
    const list = await owns(member);
    expect(list.map((p) => p.title)).toEqual(['Stellar Launcher', 'Clothing Bot']);
    expect(list[1]).toEqual({
      _id: clothing._id,
      productId: CLOTHING._id,
      title: 'Clothing Bot',
      slug: 'clothing-bot',
      hwid: null,
      purchasedAt: clothing.purchasedAt,
      expiresAt: clothing.expiresAt,
      canResetHWID: false,
      canAccessSettings: false,
      licenceKey: clothing.licenceKey,
      nextHwidResetAt: null,
      maxMachines: 1,
      machines: [],
      revoked: null,
    });
    await setGlobalSettings(ctx, { allowHwidReset: true, allowSettingsAccess: true });
    for (const p of await owns(member)) {
      expect(p).toMatchObject({ canResetHWID: true, canAccessSettings: true });
    }
    expect((await ctx.app.inject({ url: '/api/users/owns' })).statusCode).toBe(401);
  });

  it('HWID reset is refused while resets are disabled', async () => {
    const member = await memberWithLicence();
    expect(await bind(member.key, 'machine-one-hwid')).toBe('VALID');
    const res = await reset(member, member.licenceId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'HWID reset is disabled.' });
    expect((await licenceRow(member.licenceId)).hwid).toBe('machine-one-hwid');
  });

  it('reset clears the binding, then the cooldown refuses a second one and says until when', async () => {
    await setGlobalSettings(ctx, { allowHwidReset: true });
    const member = await memberWithLicence();
    const unbound = await reset(member, member.licenceId);
    expect(unbound.statusCode).toBe(409);
    expect(unbound.json()).toEqual({ message: 'No HWID is bound to this licence yet.' });

    expect(await bind(member.key, 'machine-one-hwid')).toBe('VALID');
    expect(await bind(member.key, 'machine-two-hwid')).toBe('HWID_MISMATCH');
    const before = Date.now();
    const ok = await reset(member, member.licenceId);
    expect(ok.statusCode).toBe(200);
    const { message, nextResetAt } = ok.json();
    expect(message).toBe('HWID reset successfully!');
    const row = await licenceRow(member.licenceId);
    expect(row.hwid).toBeNull();
    expect(row.hwidBoundAt).toBeNull();
    expect(row.lastHwidResetAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(nextResetAt)).toBe(row.lastHwidResetAt!.getTime() + 24 * HOUR);
    expect((await owns(member))[0]!.nextHwidResetAt).toBe(nextResetAt);

    // The new machine binds on its first check; resetting again within 24 hours is refused.
    expect(await bind(member.key, 'machine-two-hwid')).toBe('VALID');
    const again = await reset(member, member.licenceId);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({
      message: `You can reset your HWID again after ${nextResetAt}.`,
    });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect((await licenceRow(member.licenceId)).hwid).toBe('machine-two-hwid');

    // Once the cooldown has passed it works again, addressed by product id this time.
    await ctx.db.execute(
      sql`update licences set last_hwid_reset_at = now() - interval '25 hours' where id = ${member.licenceId}`,
    );
    const later = await reset(member, LAUNCHER._id);
    expect(later.statusCode).toBe(200);
    expect((await licenceRow(member.licenceId)).hwid).toBeNull();
    expect((await owns(member))[0]!.nextHwidResetAt).toBe(later.json().nextResetAt);
  });

  it('with a zero cooldown resets may follow each other', async () => {
    await setGlobalSettings(ctx, { allowHwidReset: true, hwidResetCooldownHours: 0 });
    const member = await memberWithLicence();
    for (const hwid of ['machine-a-hwid', 'machine-b-hwid']) {
      expect(await bind(member.key, hwid)).toBe('VALID');
      const res = await reset(member, member.licenceId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'HWID reset successfully!', nextResetAt: null });
    }
  });

  it("another user's licence is a 404 for reset and settings, and stays untouched", async () => {
    await setGlobalSettings(ctx, { allowHwidReset: true, allowSettingsAccess: true });
    const victim = await memberWithLicence();
    expect(await bind(victim.key, 'victim-machine')).toBe('VALID');
    const other = await signedIn(ctx);
    for (const id of [victim.licenceId, LAUNCHER._id, 'not-a-uuid', "' or 1=1 --"]) {
      const res = await reset(other, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Licence not found.' });
      const get = await ctx.app.inject({
        url: `/api/licences/${encodeURIComponent(id)}/settings`,
        headers: other.auth,
      });
      expect(get.statusCode).toBe(404);
      const put = await ctx.app.inject({
        method: 'PUT',
        url: `/api/licences/${encodeURIComponent(id)}/settings`,
        headers: other.auth,
        payload: { stolen: true },
      });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ message: 'Licence not found.' });
    }
    expect((await licenceRow(victim.licenceId)).hwid).toBe('victim-machine');
    const [settings] = await rows(
      ctx,
      sql`select settings from licences where id = ${victim.licenceId}`,
    );
    expect(settings).toEqual({ settings: {} });
  });

  it('licence settings: refused while disabled, then read and replaced, size-limited', async () => {
    const member = await memberWithLicence();
    const url = `/api/licences/${member.licenceId}/settings`;
    const put = (payload: unknown) =>
      ctx.app.inject({ method: 'PUT', url, headers: member.auth, payload: payload as object });

    const disabled = await ctx.app.inject({ url, headers: member.auth });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toEqual({ message: 'Settings access is disabled.' });
    expect((await put({ a: 1 })).statusCode).toBe(403);

    await setGlobalSettings(ctx, { allowSettingsAccess: true });
    expect((await ctx.app.inject({ url, headers: member.auth })).json()).toEqual({});
    const value = { threads: 8, accounts: ['a', 'b'], proxy: { host: 'x', port: 1080 } };
    const saved = await put(value);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(value);
    expect((await ctx.app.inject({ url, headers: member.auth })).json()).toEqual(value);
    // By product id as well.
    const byProduct = await ctx.app.inject({
      url: `/api/licences/${LAUNCHER._id}/settings`,
      headers: member.auth,
    });
    expect(byProduct.json()).toEqual(value);

    const notObject = await put([1, 2]);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().message).toBe('Settings must be a JSON object.');
    const tooBig = await put({ blob: 'x'.repeat(16 * 1024) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: 'Settings must be at most 16 KiB of JSON.' });
    const huge = await put({ blob: 'x'.repeat(70 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'The request body is too large.' });
    const [stored] = await rows(
      ctx,
      sql`select settings from licences where id = ${member.licenceId}`,
    );
    expect(stored).toEqual({ settings: value });
  });
});
