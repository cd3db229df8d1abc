import { count, desc, eq, sql } from 'drizzle-orm';
import { centsToDollars, type AdminOrder, type AdminOrderListQuery } from '@stellar/shared';
import type { Db } from '../../db/client';
import { orders, products, users } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;

/** The staff view of an order row: buyer, product title, dollars, ISO dates. */
export function presentAdminOrder(
  row: OrderRow,
  buyer: { id: string; username: string },
  product: string | null,
): AdminOrder {
  return {
    _id: row.id,
    kind: row.kind,
    status: row.status,
    buyer: { _id: buyer.id, username: buyer.username },
    productId: row.productId,
    product,
    plan: row.plan,
    amount: centsToDollars(row.amountCents),
    currency: row.currency,
    coupon: row.couponCode,
    licenceId: row.licenceId,
    deliveredDays: row.deliveredDays,
    invoiceId: row.invoiceId,
    attentionReason: row.attentionReason,
    refundReason: row.refundReason,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

const withBuyerAndProduct = (db: Db) =>
  db
    .select({
      order: orders,
      buyer: { id: users.id, username: users.username },
      product: products.title,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(products, eq(products.id, orders.productId));

/**
 * Orders for staff, filtered by status: the ones that need a person first, then newest
 * (orders_status_idx serves the filtered list).
 */
export async function listAdminOrders(db: Db, q: AdminOrderListQuery) {
  const where = q.status ? eq(orders.status, q.status) : undefined;
  const [page, [total]] = await Promise.all([
    withBuyerAndProduct(db)
      .where(where)
      .orderBy(
        sql`(${orders.status} = 'needs_attention') desc`,
        desc(orders.createdAt),
        desc(orders.id),
      )
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return {
    orders: page.map((r) => presentAdminOrder(r.order, r.buyer, r.product)),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** One order in the staff shape, or null. */
export async function getAdminOrder(db: Db, id: string): Promise<AdminOrder | null> {
  const [r] = await withBuyerAndProduct(db).where(eq(orders.id, id));
  return r ? presentAdminOrder(r.order, r.buyer, r.product) : null;
}
