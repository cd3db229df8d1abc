import { eq } from 'drizzle-orm';
import { CATALOGUE } from '@stellar/shared';
import type { TestContext } from '../../../test/harness';
import { balanceLedger, resellerProducts, settings, users } from '../../db/schema';

/** Test factories shared by the licensing modules' tests (not used by the app). */
export const LAUNCHER = CATALOGUE[0]!;
export const CLOTHING = CATALOGUE[1]!;
export const OTHER = CATALOGUE[2]!;

let ipCounter = 0;
/** A fresh client address, so per-IP rate limits of one test don't leak into the next. */
export const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** Credits a balance the way the admin panel does: balance and a 'credit' ledger row together. */
export async function credit(ctx: TestContext, userId: string, cents: number) {
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    await tx
      .update(users)
      .set({ balanceCents: user!.balanceCents + cents })
      .where(eq(users.id, userId));
    await tx.insert(balanceLedger).values({ userId, deltaCents: cents, reason: 'credit' });
  });
}

export async function grant(ctx: TestContext, userId: string, productId: string) {
  await ctx.db.insert(resellerProducts).values({ userId, productId }).onConflictDoNothing();
}

export async function setGlobalSettings(
  ctx: TestContext,
  next: {
    allowHwidReset?: boolean;
    allowSettingsAccess?: boolean;
    hwidResetCooldownHours?: number;
    offlineDays?: number;
  },
) {
  await ctx.db.update(settings).set(next).where(eq(settings.id, 1));
}

type Headers = Record<string, string>;

export const generate = (
  ctx: TestContext,
  auth: Headers,
  body: { productId: string; plan: string; quantity: number },
) => ctx.app.inject({ method: 'POST', url: '/api/keys/generate', headers: auth, payload: body });

export const redeem = (ctx: TestContext, auth: Headers, keyCode: string, ip = freshIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/keys/redeem',
    headers: auth,
    payload: { keyCode },
    remoteAddress: ip,
  });

/** Keys generated for free by a fresh Owner. */
export async function ownerKeys(
  ctx: TestContext,
  owner: { auth: Headers },
  productId = LAUNCHER._id,
  plan = 'Basic Plan',
  quantity = 1,
): Promise<string[]> {
  const res = await generate(ctx, owner.auth, { productId, plan, quantity });
  if (res.statusCode !== 200) throw new Error(`generate failed: ${res.statusCode} ${res.body}`);
  return res.json().keys;
}
