import { sql } from 'drizzle-orm';
import { ADMIN_ROLES, centsToDollars, type Product, type ResellerMe } from '@stellar/shared';
import type { Db } from '../../db/client';
import { licenceKeys, users } from '../../db/schema';
import type { SessionUser } from '../auth';
import { Batcher, batcherPer, distinctBy } from '../../lib/batcher';
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
 * The reseller panels of a batch of requests in one prepared statement: one row of `q` per panel
 * asked (its reseller and key page), joined to the reseller's balance, grants, key count, that page
 * of keys and the top-ups (the last two as JSON arrays). The catalogue comes from memory (products'
 * catalogueCache). PGlite runs one statement at a time, so each statement of a read was one more
 * wait in its queue under load: a panel read was four queries, then two with the session's read;
 * now concurrent panels share one.
 */
const preparePanels = (db: Db) =>
  db
    .select({
      i: sql<number>`q.i`.mapWith(Number),
      balanceCents: users.balanceCents,
      // Raw SQL against q's columns: Drizzle leaves columns unqualified in a single-table select,
      // so a correlated reference to users.id would bind to the inner table.
      granted: sql<string[]>`array(
        select rp.product_id from reseller_products rp where rp.user_id = q.uid
      )`,
      total: sql<number>`(
        select count(*) from licence_keys k where k.created_by = q.uid
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
          where lk.created_by = q.uid
          order by lk.created_at desc, lk.id desc
          limit q.lim offset q.off
        ) k
      )`.mapWith((v) => parseJson(v) as KeyJson[]),
      topUps: topUpsJson(db, sql`q.uid`).mapWith(topUpsFromJson),
    })
    .from(
      sql`unnest(${sql.placeholder('users')}::uuid[], ${sql.placeholder('limits')}::int[],
        ${sql.placeholder('offsets')}::int[]) with ordinality as q(uid, lim, off, i)`,
    )
    .innerJoin(users, sql`${users.id} = q.uid`)
    .prepare('reseller_panels_v1');
type PanelRow = Awaited<ReturnType<ReturnType<typeof preparePanels>['execute']>>[number];

/** Panels of concurrent requests share one statement per turn of the event loop (lib/batcher.ts). */
const panelReads = batcherPer((db: Db) => {
  const prepared = preparePanels(db);
  return new Batcher<{ userId: string; page: number; pageSize: number }, PanelRow | undefined>(
    async (asked) => {
      const { unique, indexOf } = distinctBy(asked, (a) =>
        JSON.stringify([a.userId, a.page, a.pageSize]),
      );
      const rows = await prepared.execute({
        users: unique.map((a) => a.userId),
        limits: unique.map((a) => a.pageSize),
        offsets: unique.map((a) => (a.page - 1) * a.pageSize),
      });
      const byIndex = new Map(rows.map((row) => [row.i, row]));
      return indexOf.map((index) => byIndex.get(index + 1));
    },
  );
});

/** What the reseller panel needs: balance, sellable products, a page of generated keys and the top-ups. */
export async function getResellerOverview(
  db: Db,
  actor: SessionUser,
  page: { page: number; pageSize: number },
  catalogue: Product[],
): Promise<ResellerMe> {
  const account = await panelReads(db).load({ userId: actor.id, ...page });
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
