import { count, desc, eq } from 'drizzle-orm';
import { ADMIN_ROLES, centsToDollars, type ResellerMe } from '@stellar/shared';
import type { Db } from '../../db/client';
import { licenceKeys, plans, products, resellerProducts, users } from '../../db/schema';
import type { SessionUser } from '../auth';
import { maskKeyCode } from '../../lib/key-code';
import { listProducts } from '../products';
import { listTopUps } from '../payments';

/** What the reseller panel needs: balance, sellable products, and a page of generated keys. */
export async function getResellerOverview(
  db: Db,
  actor: SessionUser,
  page: { page: number; pageSize: number },
): Promise<ResellerMe> {
  const [[user], catalogue, granted, [total], keyRows, topUps] = await Promise.all([
    db.select({ balanceCents: users.balanceCents }).from(users).where(eq(users.id, actor.id)),
    listProducts(db),
    ADMIN_ROLES.includes(actor.role)
      ? null
      : db
          .select({ productId: resellerProducts.productId })
          .from(resellerProducts)
          .where(eq(resellerProducts.userId, actor.id)),
    db.select({ n: count() }).from(licenceKeys).where(eq(licenceKeys.createdBy, actor.id)),
    db
      .select({
        code: licenceKeys.code,
        product: products.title,
        plan: plans.name,
        createdAt: licenceKeys.createdAt,
        redeemedAt: licenceKeys.redeemedAt,
      })
      .from(licenceKeys)
      .innerJoin(products, eq(products.id, licenceKeys.productId))
      .leftJoin(plans, eq(plans.id, licenceKeys.planId))
      .where(eq(licenceKeys.createdBy, actor.id))
      .orderBy(desc(licenceKeys.createdAt), desc(licenceKeys.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    listTopUps(db, actor.id),
  ]);
  const allowed = granted ? new Set(granted.map((g) => g.productId)) : null;
  return {
    balance: centsToDollars(user?.balanceCents ?? 0),
    products: catalogue
      .filter((p) => !allowed || allowed.has(p._id))
      .map(({ _id, title, slug, pricing }) => ({ _id, title, slug, pricing })),
    keys: {
      items: keyRows.map((k) => ({
        // A redeemed voucher is the customer's now: the reseller keeps only its last group.
        code: k.redeemedAt ? maskKeyCode(k.code) : k.code,
        product: k.product,
        plan: k.plan,
        createdAt: k.createdAt.toISOString(),
        redeemed: k.redeemedAt !== null,
        redeemedAt: k.redeemedAt?.toISOString() ?? null,
      })),
      page: page.page,
      pageSize: page.pageSize,
      total: total?.n ?? 0,
    },
    topUps,
  };
}
