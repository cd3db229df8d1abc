import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { licences, plans } from '../../db/schema';
import { LICENCE_PREFIX, newKeyCode } from '../../lib/key-code';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface GrantLicenceInput {
  userId: string;
  productId: string;
  days: number;
  now?: Date;
  /**
   * The plan bought (by id, or by name within the product): its max_machines is copied into a new
   * licence, and raises (never lowers) an existing one's. Without a plan: 1 machine.
   */
  plan?: { id: string } | { name: string } | null;
}

/**
 * Gives a member `days` more of a product, in the caller's transaction: creates the licence (with
 * its own licence key, the tool's credential) or extends it from max(now, expiry). Every way of
 * getting days (redeeming a voucher, paying an order) goes through here.
 */
export async function grantLicenceDays(
  db: Db,
  input: GrantLicenceInput,
): Promise<{ licenceId: string; created: boolean; expiresAt: Date }> {
  const now = input.now ?? new Date();
  // 24-hour steps rather than days: a day across a DST change is not 24 hours.
  const extension = sql`(${input.days}::int * interval '24 hours')`;
  const plan = input.plan;
  const maxMachines = !plan
    ? sql`1`
    : 'id' in plan
      ? sql`coalesce((select ${plans.maxMachines} from ${plans} where ${plans.id} = ${plan.id}), 1)`
      : sql`coalesce((select ${plans.maxMachines} from ${plans} where ${plans.productId} = ${input.productId} and ${plans.name} = ${plan.name}), 1)`;
  const [row] = await db
    .insert(licences)
    .values({
      userId: input.userId,
      productId: input.productId,
      licenceKey: newKeyCode(LICENCE_PREFIX),
      purchasedAt: now,
      expiresAt: new Date(now.getTime() + input.days * DAY_MS),
      maxMachines,
    })
    .onConflictDoUpdate({
      target: [licences.userId, licences.productId],
      set: {
        expiresAt: sql`greatest(${licences.expiresAt}, ${now.toISOString()}::timestamptz) + ${extension}`,
        maxMachines: sql`greatest(${licences.maxMachines}, excluded.max_machines)`,
      },
    })
    // xmax = 0 only for a row this statement inserted (an update leaves the old version's xmax).
    .returning({
      id: licences.id,
      expiresAt: licences.expiresAt,
      created: sql<boolean>`(xmax = 0)`,
    });
  return { licenceId: row!.id, created: Boolean(row!.created), expiresAt: row!.expiresAt };
}
