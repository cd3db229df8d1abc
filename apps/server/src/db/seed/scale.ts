import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openDatabase, type Db } from '../client';
import { hashPassword } from '../../modules/auth';
import { seed } from './index';

/**
 * `npm run seed:scale`: fills the configured database (DATABASE_URL or DATA_DIR) with a shop at
 * scale, set-based in SQL: 100k users, 1M licence keys, 50k licences, 200k tickets, 1M chat
 * messages (times SCALE, default 1). Every user's password is SCALE_PASSWORD (default
 * "scale-password"); balances equal their ledgers. Refuses a database that already has them.
 */
export async function seedScale(
  db: Db,
  factor = 1,
  password = 'scale-password',
): Promise<Record<string, number>> {
  const n = (x: number) => Math.max(1, Math.round(x * factor));
  const counts = {
    users: n(100_000),
    keys: n(1_000_000),
    licences: n(50_000),
    tickets: n(200_000),
    messages: n(1_000_000),
  };
  const resellers = Math.max(1, Math.round(counts.users / 200));
  const hash = await hashPassword(password);
  const step = async (label: string, query: ReturnType<typeof sql>) => {
    const start = Date.now();
    await db.execute(query);
    console.log(`${label.padEnd(28)} ${((Date.now() - start) / 1000).toFixed(1)} s`);
  };

  const present = (
    (await db.execute(
      sql`select count(*)::int as n from users where username like 'scale\_%'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;
  if (present > 0) throw new Error('This database already holds scale data (users named scale_*).');

  await step(
    `users (${counts.users})`,
    sql`
    insert into users (username, password_hash, role, created_at)
    select 'scale_' || lpad(i::text, 7, '0'), ${hash},
      case when i <= ${resellers} then 'Reseller' when i <= ${resellers} + 20 then 'Support' when i <= ${resellers} + 25 then 'Admin' else 'Member' end,
      now() - (i || ' minutes')::interval
    from generate_series(1, ${counts.users}) i`,
  );
  await step(
    'reseller grants',
    sql`
    insert into reseller_products (user_id, product_id)
    select u.id, p.id from users u cross join products p
    where u.role = 'Reseller' and u.username like 'scale\_%' on conflict do nothing`,
  );
  await step(
    `licence keys (${counts.keys})`,
    sql`
    with r as (select id, row_number() over (order by username) as rn from users where role = 'Reseller' and username like 'scale\_%'),
         pl as (select id, product_id, duration_days, price_cents, row_number() over (order by product_id, sort_order) - 1 as rn from plans)
    insert into licence_keys (code, product_id, plan_id, duration_days, price_paid_cents, created_by, created_at)
    select 'STLR-' || upper(substr(h, 1, 5) || '-' || substr(h, 6, 5) || '-' || substr(h, 11, 5) || '-' || substr(h, 16, 5)),
      pl.product_id, pl.id, pl.duration_days, pl.price_cents, r.id, now() - ((i % 43200) || ' minutes')::interval
    from generate_series(1, ${counts.keys}) i
    cross join lateral (select md5('scale-key-' || i) as h) k
    join pl on pl.rn = i % 9
    join r on r.rn = 1 + i % ${resellers}`,
  );
  await step(
    `licences (${counts.licences})`,
    sql`
    with m as (select id, row_number() over (order by username) as rn from users where role = 'Member' and username like 'scale\_%'),
         p as (select id, row_number() over (order by sort_order) - 1 as rn from products)
    insert into licences (user_id, product_id, hwid, hwid_bound_at, purchased_at, expires_at, last_check_at)
    select m.id, p.id, 'hwid-' || i, now() - interval '10 days', now() - interval '10 days',
      now() + ((i % 400) - 30 || ' days')::interval,
      case when i % 3 = 0 then now() - ((i % 1440) || ' minutes')::interval end
    from generate_series(1, ${counts.licences}) i
    join m on m.rn = 1 + (i - 1) / 3
    join p on p.rn = (i - 1) % 3
    on conflict do nothing`,
  );
  await step(
    'redeem one key per licence',
    sql`
    with l as (select id, user_id, product_id, row_number() over (partition by product_id order by id) as rn from licences),
         k as (select id, product_id, row_number() over (partition by product_id order by id) as rn from licence_keys where redeemed_at is null)
    update licence_keys set redeemed_by = l.user_id, redeemed_at = now() - interval '10 days', licence_id = l.id
    from l join k on k.product_id = l.product_id and k.rn = l.rn
    where licence_keys.id = k.id`,
  );
  await step(
    'reseller ledgers and balances',
    sql`
    with spent as (select created_by as user_id, sum(price_paid_cents)::bigint as cents from licence_keys group by created_by)
    , credit as (
      insert into balance_ledger (user_id, delta_cents, reason)
      select s.user_id, s.cents + 100000, 'credit' from spent s join users u on u.id = s.user_id where u.username like 'scale\_%'
      returning user_id)
    insert into balance_ledger (user_id, delta_cents, reason)
    select s.user_id, -s.cents, 'key_purchase' from spent s join users u on u.id = s.user_id where u.username like 'scale\_%'`,
  );
  await step(
    'balances = ledgers',
    sql`
    update users set balance_cents = l.total
    from (select user_id, sum(delta_cents) as total from balance_ledger group by user_id) l
    where users.id = l.user_id and users.username like 'scale\_%'`,
  );
  await step(
    `tickets (${counts.tickets})`,
    sql`
    with m as (select id, username, row_number() over (order by username) as rn, count(*) over () as total from users where username like 'scale\_%')
    insert into tickets (user_id, username, transaction_id, message, priority, reason, escalated, status, created_at, updated_at)
    select m.id, m.username, '', 'Scale ticket ' || i,
      (array['Low','Medium','High'])[1 + i % 3],
      (array['General Inquiry','Bug Report','Feature Request','Billing Issue'])[1 + i % 4],
      i % 10 = 0, case when i % 4 = 0 then 'closed' else 'open' end,
      now() - ((i % 100000) || ' minutes')::interval, now() - ((i % 50000) || ' minutes')::interval
    from generate_series(1, ${counts.tickets}) i
    join m on m.rn = 1 + i % ${counts.users}`,
  );
  await step(
    `chat messages (${counts.messages})`,
    sql`
    with t as (select id, user_id, username, row_number() over (order by id) as rn from tickets)
    insert into ticket_messages (ticket_id, author_id, sender, role, message, timestamp)
    select t.id, t.user_id, case when i % 2 = 0 then 'Support' else t.username end,
      case when i % 2 = 0 then 'Support' else 'Username' end,
      'Scale message ' || i, now() - ((i % 100000) || ' seconds')::interval
    from generate_series(1, ${counts.messages}) i
    join t on t.rn = 1 + i % ${counts.tickets}`,
  );
  await step('vacuum analyze', sql`vacuum analyze`);
  return counts;
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 2,
  });
  try {
    await database.migrate();
    await seed(database.db, {
      ownerUsername: config.OWNER_USERNAME,
      ownerPassword: config.OWNER_PASSWORD,
      log: console.warn,
    });
    const start = Date.now();
    const counts = await seedScale(
      database.db,
      Number(process.env.SCALE ?? 1),
      process.env.SCALE_PASSWORD,
    );
    console.log(
      `Seeded ${JSON.stringify(counts)} in ${((Date.now() - start) / 1000).toFixed(0)} s on ${database.kind}`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
