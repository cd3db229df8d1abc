import { and, desc, eq } from 'drizzle-orm';
import { ADMIN_ROLES, centsToDollars, type Order, type Role, type TopUp } from '@stellar/shared';
import type { Db } from '../../db/client';
import { orders, products } from '../../db/schema';
import { notFound } from '../../lib/http-errors';

type OrderRow = typeof orders.$inferSelect;

/** The payment page is worth showing only while the invoice can still be paid. */
const openCheckout = (row: OrderRow) =>
  row.status === 'pending' && row.checkoutUrl ? { checkoutUrl: row.checkoutUrl } : {};

/** An order in the API's shape (docs/product.md#money). */
export function presentOrder(row: OrderRow, productTitle: string): Order {
  return {
    _id: row.id,
    status: row.status,
    productId: row.productId!,
    product: productTitle,
    plan: row.plan!,
    amount: centsToDollars(row.amountCents),
    currency: row.currency,
    coupon: row.couponCode,
    ...(row.licenceId ? { licenceId: row.licenceId } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(row.paidAt ? { paidAt: row.paidAt.toISOString() } : {}),
    ...openCheckout(row),
  };
}

export function presentTopUp(row: OrderRow): TopUp {
  return {
    _id: row.id,
    status: row.status,
    amount: centsToDollars(row.amountCents),
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    ...(row.paidAt ? { paidAt: row.paidAt.toISOString() } : {}),
    ...openCheckout(row),
  };
}

export async function productTitle(db: Db, productId: string): Promise<string> {
  const [row] = await db
    .select({ title: products.title })
    .from(products)
    .where(eq(products.id, productId));
  return row?.title ?? productId;
}

/** A member's plan orders, latest first. */
export async function listOwnOrders(db: Db, userId: string): Promise<Order[]> {
  const rows = await db
    .select({ order: orders, title: products.title })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.userId, userId), eq(orders.kind, 'licence')))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  return rows.map((r) => presentOrder(r.order, r.title));
}

/** One plan order: its owner's, or any for Admin and Owner; 404 otherwise (no existence leak). */
export async function getOrderFor(
  db: Db,
  viewer: { id: string; role: Role },
  orderId: string,
): Promise<Order> {
  const [row] = await db
    .select({ order: orders, title: products.title })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.id, orderId), eq(orders.kind, 'licence')));
  if (!row || (row.order.userId !== viewer.id && !ADMIN_ROLES.includes(viewer.role))) {
    throw notFound('Order not found.');
  }
  return presentOrder(row.order, row.title);
}

/** A reseller's balance top-ups, latest first. */
export async function listTopUps(db: Db, userId: string, limit = 50): Promise<TopUp[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.kind, 'top_up')))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map(presentTopUp);
}
