import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLES, centsToDollars, type Order, type Role, type TopUp } from '@stellar/shared';
import type { Db } from '../../db/client';
import { orders, products } from '../../db/schema';
import { notFound } from '../../lib/http-errors';

type OrderRow = typeof orders.$inferSelect;

/** The payment page is worth showing only while the invoice can still be paid. */
const openCheckout = (row: Pick<OrderRow, 'status' | 'checkoutUrl'>) =>
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

/** The columns a top-up shows. */
type TopUpRow = Pick<
  OrderRow,
  'id' | 'status' | 'amountCents' | 'currency' | 'checkoutUrl' | 'createdAt' | 'paidAt'
>;

export function presentTopUp(row: TopUpRow): TopUp {
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

/** A reseller's balance top-ups, latest first: listTopUps' statement. */
const topUpsQuery = (db: Db, userId: string | SQL, limit: number) =>
  db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.kind, 'top_up')))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);

/** A reseller's balance top-ups, latest first. */
export async function listTopUps(db: Db, userId: string, limit = 50): Promise<TopUp[]> {
  return (await topUpsQuery(db, userId, limit)).map(presentTopUp);
}

/**
 * listTopUps as one SQL expression, a JSON array, for a read that wants them in its own statement
 * (the reseller panel: one query instead of two); topUpsFromJson turns its value into listTopUps'
 * answer. Timestamps travel as PostgreSQL's text, read back by the columns' own mappers, as the
 * drivers hand them to Drizzle in a plain select.
 */
export function topUpsJson(db: Db, userId: string | SQL, limit = 50): SQL<unknown> {
  return sql`(
    select coalesce(
      json_agg(
        json_build_object(
          'id', t.id, 'status', t.status, 'amountCents', t.amount_cents, 'currency', t.currency,
          'checkoutUrl', t.checkout_url, 'createdAt', t.created_at::text, 'paidAt', t.paid_at::text
        ) order by t.created_at desc, t.id desc
      ),
      '[]'::json
    )
    from (${topUpsQuery(db, userId, limit)}) t
  )`;
}

type TopUpJson = Omit<TopUpRow, 'createdAt' | 'paidAt'> & {
  createdAt: string;
  paidAt: string | null;
};

/** The value of topUpsJson as listTopUps answers it. */
export function topUpsFromJson(value: unknown): TopUp[] {
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as TopUpJson[];
  return rows.map((r) =>
    presentTopUp({
      ...r,
      createdAt: orders.createdAt.mapFromDriverValue(r.createdAt) as Date,
      paidAt: r.paidAt === null ? null : (orders.paidAt.mapFromDriverValue(r.paidAt) as Date),
    }),
  );
}
