import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CATALOGUE, MAINTENANCE_PAGES, dollarsToCents } from '@stellar/shared';
import type { Db } from '../client';
import { maintenance, plans, products, settings, users } from '../schema';
import { hashPassword } from '../../modules/auth';

export interface SeedOptions {
  ownerUsername?: string;
  ownerPassword?: string;
  /** Tests skip the Owner to save an argon2 hash per database. */
  skipOwner?: boolean;
  log?: (msg: string) => void;
}

/** Idempotent: writes what is missing (catalogue, switches, settings, first Owner), never overwrites. */
export async function seed(db: Db, opts: SeedOptions = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(products)
      .values(
        CATALOGUE.map((p, i) => ({
          id: p._id,
          slug: p.slug,
          title: p.title,
          description: p.description,
          features: p.features,
          sortOrder: i,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(plans)
      .values(
        CATALOGUE.flatMap((p) =>
          p.pricing.map((plan, i) => ({
            productId: p._id,
            name: plan.plan,
            durationLabel: plan.duration,
            durationDays: plan.durationDays,
            priceCents: dollarsToCents(plan.price),
            sortOrder: i,
          })),
        ),
      )
      .onConflictDoNothing();
    await tx
      .insert(maintenance)
      .values(MAINTENANCE_PAGES.map((page) => ({ page, enabled: false })))
      .onConflictDoNothing();
    await tx.insert(settings).values({ id: 1 }).onConflictDoNothing();
  });
  if (!opts.skipOwner) await seedOwner(db, opts);
}

async function seedOwner(db: Db, opts: SeedOptions): Promise<void> {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users);
  if (count > 0) return;
  const username = opts.ownerUsername ?? 'owner';
  const password = opts.ownerPassword ?? randomBytes(12).toString('base64url');
  const inserted = await db
    .insert(users)
    // A password that was printed in a log must not stay in use: the Owner chooses a new one first.
    .values({
      username,
      passwordHash: await hashPassword(password),
      role: 'Owner',
      mustChangePassword: !opts.ownerPassword,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length && !opts.ownerPassword) {
    opts.log?.(
      `Created the first Owner account "${username}" with password "${password}". ` +
        'It is shown only this once: sign in and change it.',
    );
  }
}
