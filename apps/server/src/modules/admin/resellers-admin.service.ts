import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '@stellar/shared';
import type { Db } from '../../db/client';
import { balanceLedger, products, resellerProducts, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-errors';

/** Every Reseller with balance and granted products (spec: GET /admin/resellers-products). */
export async function listResellers(db: Db) {
  const resellers = await db
    .select({ id: users.id, username: users.username, balanceCents: users.balanceCents })
    .from(users)
    .where(eq(users.role, 'Reseller'))
    .orderBy(asc(users.username));
  const grants = resellers.length
    ? await db
        .select({ userId: resellerProducts.userId, id: products.id, title: products.title })
        .from(resellerProducts)
        .innerJoin(products, eq(products.id, resellerProducts.productId))
        .where(
          inArray(
            resellerProducts.userId,
            resellers.map((r) => r.id),
          ),
        )
        .orderBy(asc(products.sortOrder))
    : [];
  return resellers.map((r) => ({
    _id: r.id,
    username: r.username,
    balance: centsToDollars(r.balanceCents),
    products: grants.filter((g) => g.userId === r.id).map((g) => ({ _id: g.id, title: g.title })),
  }));
}

async function loadReseller(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found.');
  if (user.role !== 'Reseller') throw badRequest('This user is not a Reseller.');
  return user;
}

/** Lets a reseller sell a product (idempotent). */
export async function grantProduct(db: Db, userId: string, productId: string) {
  const user = await loadReseller(db, userId);
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  if (!product) throw badRequest('Unknown product.', { productId: 'Unknown product.' });
  await db.insert(resellerProducts).values({ userId, productId }).onConflictDoNothing();
  return { user, product };
}

/** Withdraws a product from a reseller; keys already generated stay valid. */
export async function revokeProduct(db: Db, userId: string, productId: string) {
  const user = await loadReseller(db, userId);
  const removed = await db
    .delete(resellerProducts)
    .where(and(eq(resellerProducts.userId, userId), eq(resellerProducts.productId, productId)))
    .returning();
  if (!removed.length) throw notFound('That product is not granted to this reseller.');
  return user;
}

/**
 * Credits (or debits) a reseller's balance with a ledger row, in one transaction; a debit can
 * never take the balance below zero (guard in SQL).
 */
export async function adjustBalance(
  db: Db,
  userId: string,
  amountDollars: number,
  reason: string,
  actorId: string | null,
) {
  const delta = dollarsToCents(amountDollars);
  return db.transaction(async (tx) => {
    const user = await loadReseller(tx, userId);
    const [updated] = await tx
      .update(users)
      .set({ balanceCents: sql`${users.balanceCents} + ${delta}`, updatedAt: new Date() })
      .where(and(eq(users.id, userId), sql`${users.balanceCents} + ${delta} >= 0`))
      .returning({ balanceCents: users.balanceCents });
    if (!updated)
      throw badRequest('The balance cannot go below zero.', {
        amount: 'The balance cannot go below zero.',
      });
    await tx
      .insert(balanceLedger)
      .values({ userId, deltaCents: delta, reason: `admin: ${reason}`, actorId });
    return { balance: centsToDollars(updated.balanceCents), username: user.username };
  });
}
