import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { createTestApp, signedIn, type TestContext } from '../../../test/harness';
import { licenceMachines, licences } from '../../db/schema';
import { countQueries } from '../auth/query-count.fixtures';
import {
  CLOTHING,
  LAUNCHER,
  OTHER,
  ownerKeys,
  redeem,
  setGlobalSettings,
} from '../keys/keys.fixtures';

const MINUTE = 60_000;

describe('GET /api/users/owns in one query', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('lists several licences, each with its own machines oldest first, flags from the settings', async () => {
    const owner = await signedIn(ctx, 'Owner');
    const member = await signedIn(ctx);
    const other = await signedIn(ctx);
    for (const [productId, plan] of [
      [CLOTHING._id, 'Premium Plan'],
      [LAUNCHER._id, 'Basic Plan'],
      [OTHER._id, undefined],
    ] as const) {
      const [key] = await ownerKeys(ctx, owner, productId, plan);
      expect((await redeem(ctx, member.auth, key!)).statusCode).toBe(200);
    }
    const [otherKey] = await ownerKeys(ctx, owner, LAUNCHER._id);
    await redeem(ctx, other.auth, otherKey!);
    const mine = await ctx.db.select().from(licences).where(eq(licences.userId, member.user.id));
    const launcher = mine.find((l) => l.productId === LAUNCHER._id)!;
    const clothing = mine.find((l) => l.productId === CLOTHING._id)!;
    const theirs = (
      await ctx.db.select().from(licences).where(eq(licences.userId, other.user.id))
    )[0]!;
    const now = Date.now();
    // Inserted out of order: the answer orders them by first sight.
    await ctx.db.insert(licenceMachines).values([
      { licenceId: launcher.id, hwid: 'machine-b', firstSeenAt: new Date(now - 1 * MINUTE) },
      {
        licenceId: launcher.id,
        hwid: 'a-very-long-hardware-id-0123456789',
        firstSeenAt: new Date(now - 3 * MINUTE),
      },
      { licenceId: launcher.id, hwid: 'machine-c', firstSeenAt: new Date(now - 2 * MINUTE) },
      { licenceId: clothing.id, hwid: 'clothing-pc', firstSeenAt: new Date(now - 5 * MINUTE) },
      { licenceId: theirs.id, hwid: 'not-mine' },
    ]);
    await setGlobalSettings(ctx, {
      allowHwidReset: true,
      allowSettingsAccess: true,
      hwidResetCooldownHours: 12,
    });
    await ctx.db
      .update(licences)
      .set({ lastHwidResetAt: new Date(now - 60 * MINUTE) })
      .where(eq(licences.id, launcher.id));

    // A first read refreshes the session's last_seen_at if a minute went by during the set-up.
    await ctx.app.inject({ url: '/api/users/owns', headers: member.auth });
    let res: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
    // The session's batched read, then the licences with their machines and the settings.
    expect(
      await countQueries(ctx, async () => {
        res = await ctx.app.inject({ url: '/api/users/owns', headers: member.auth });
      }),
    ).toBe(2);
    expect(res!.statusCode).toBe(200);
    const list = res!.json().ownedProducts as Array<Record<string, unknown>>;
    expect(list.map((p) => p.productId)).toEqual([LAUNCHER._id, CLOTHING._id, OTHER._id]);

    const machines = await ctx.db
      .select()
      .from(licenceMachines)
      .where(inArray(licenceMachines.licenceId, [launcher.id, clothing.id]))
      .orderBy(asc(licenceMachines.firstSeenAt));
    const shown = (licenceId: string) =>
      machines
        .filter((m) => m.licenceId === licenceId)
        .map((m) => ({
          _id: m.id,
          hwid: m.hwid.length <= 16 ? m.hwid : `${m.hwid.slice(0, 8)}…${m.hwid.slice(-4)}`,
          firstSeenAt: m.firstSeenAt.toISOString(),
          lastSeenAt: m.lastSeenAt.toISOString(),
        }));
    expect(list[0]).toMatchObject({
      _id: launcher.id,
      canResetHWID: true,
      canAccessSettings: true,
      nextHwidResetAt: new Date(now - 60 * MINUTE + 12 * 60 * MINUTE).toISOString(),
      machines: shown(launcher.id),
    });
    expect((list[0]!.machines as Array<{ hwid: string }>).map((m) => m.hwid)).toEqual([
      'a-very-l…6789',
      'machine-c',
      'machine-b',
    ]);
    expect(list[1]).toMatchObject({ _id: clothing.id, machines: shown(clothing.id) });
    expect(list[2]).toMatchObject({ productId: OTHER._id, machines: [], nextHwidResetAt: null });

    // Someone else's licence id is still a 404 through the same read.
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/licences/${theirs.id}/settings`,
      headers: member.auth,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
