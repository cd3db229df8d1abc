import { desc, eq } from 'drizzle-orm';
import { centsToDollars, type Coupon } from '@stellar/shared';
import type { Db } from '../../db/client';
import { coupons, products } from '../../db/schema';

type CouponRow = typeof coupons.$inferSelect;

/** The API shape of a coupon row (dollars, ISO dates, the product's title). */
export function presentCoupon(row: CouponRow, product: string | null): Coupon {
  return {
    _id: row.id,
    code: row.code,
    ...(row.percentOff !== null ? { percentOff: row.percentOff } : {}),
    ...(row.amountOffCents !== null ? { amountOff: centsToDollars(row.amountOffCents) } : {}),
    productId: row.productId,
    product,
    maxUses: row.maxUses,
    uses: row.uses,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every coupon, newest first, with its product's title. */
export async function listCoupons(db: Db): Promise<Coupon[]> {
  const rows = await db
    .select({ coupon: coupons, product: products.title })
    .from(coupons)
    .leftJoin(products, eq(products.id, coupons.productId))
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
  return rows.map((r) => presentCoupon(r.coupon, r.product));
}

/** The title of a product, or null when it does not exist. */
export async function productTitle(db: Db, productId: string | null): Promise<string | null> {
  if (!productId) return null;
  const [row] = await db
    .select({ title: products.title })
    .from(products)
    .where(eq(products.id, productId));
  return row?.title ?? null;
}
