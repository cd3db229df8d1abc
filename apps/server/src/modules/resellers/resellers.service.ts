import { eq, sql } from 'drizzle-orm';
import { ADMIN_ROLES, centsToDollars, type Product, type ResellerMe } from '@stellar/shared';
import type { Db } from '../../db/client';
import { licenceKeys, users } from '../../db/schema';
import type { SessionUser } from '../auth';
import { maskKeyCode } from '../../lib/key-code';
import { topUpsFromJson, topUpsJson } from '../payments';

interface KeyJson {
  code: string;
  product: string;
  plan: string | null;
  createdAt: string;
  redeemedAt: string | null;
}

const parseJson = (value: unknown): unknown =>
  typeof value === 'string' ? JSON.parse(value) : value;

/**
 * What the reseller panel needs: balance, sellable products, a page of generated keys and the
 * top-ups. The catalogue comes from memory (products' catalogueCache); everything else comes in one
 * statement (the key page and the top-ups as JSON arrays beside the balance, the grants and the key
 * count): with the session's read, a panel read is two queries where it was four. PGlite runs one
 * statement at a time, so each statement of a read was one more wait in its queue under load.
 */
export async function getResellerOverview(
  db: Db,
  actor: SessionUser,
  page: { page: number; pageSize: number },
  catalogue: Product[],
): Promise<ResellerMe> {
  const [account] = await db
    .select({
      balanceCents: users.balanceCents,
      // Raw SQL with the id as a parameter: Drizzle leaves columns unqualified in a single-table
      // select, so a correlated reference to users.id would bind to the inner table.
      granted: sql<string[]>`array(
        select rp.product_id from reseller_products rp where rp.user_id = ${actor.id}::uuid
      )`,
      total: sql<number>`(
        select count(*) from licence_keys k where k.created_by = ${actor.id}::uuid
      )`.mapWith(Number),
      keys: sql`(
        select coalesce(
          json_agg(
            json_build_object(
              'code', k.code, 'product', k.product, 'plan', k.plan,
              'createdAt', k.created_at::text, 'redeemedAt', k.redeemed_at::text
            ) order by k.created_at desc, k.id desc
          ),
          '[]'::json
        )
        from (
          select lk.id, lk.code, p.title as product, pl.name as plan, lk.created_at, lk.redeemed_at
          from licence_keys lk
          join products p on p.id = lk.product_id
          left join plans pl on pl.id = lk.plan_id
          where lk.created_by = ${actor.id}::uuid
          order by lk.created_at desc, lk.id desc
          limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}
        ) k
      )`.mapWith((v) => parseJson(v) as KeyJson[]),
      topUps: topUpsJson(db, actor.id).mapWith(topUpsFromJson),
    })
    .from(users)
    .where(eq(users.id, actor.id));
  const granted = ADMIN_ROLES.includes(actor.role) ? null : (account?.granted ?? []);
  const allowed = granted ? new Set(granted) : null;
  return {
    balance: centsToDollars(account?.balanceCents ?? 0),
    products: catalogue
      .filter((p) => !allowed || allowed.has(p._id))
      .map(({ _id, title, slug, pricing }) => ({ _id, title, slug, pricing })),
    keys: {
      items: (account?.keys ?? []).map((k) => {
        const redeemedAt =
          k.redeemedAt === null
            ? null
            : (licenceKeys.redeemedAt.mapFromDriverValue(k.redeemedAt) as Date);
        return {
          // A redeemed voucher is the customer's now: the reseller keeps only its last group.
          code: redeemedAt ? maskKeyCode(k.code) : k.code,
          product: k.product,
          plan: k.plan,
          createdAt: (licenceKeys.createdAt.mapFromDriverValue(k.createdAt) as Date).toISOString(),
          redeemed: redeemedAt !== null,
          redeemedAt: redeemedAt?.toISOString() ?? null,
        };
      }),
      page: page.page,
      pageSize: page.pageSize,
      total: account?.total ?? 0,
    },
    topUps: account?.topUps ?? [],
  };
}
