import { sql } from 'drizzle-orm';
import type { Overview } from '@stellar/shared';
import type { Db } from '../../db/client';

interface DayRow {
  date: string;
  generated: number;
  redeemed: number;
  revenue_cents: number;
}

/**
 * The last `days` days of keys generated/redeemed and revenue, and headline totals.
 *
 * Revenue is what the shop earned, counted once: plan orders that are paid (a refunded order drops
 * out; pending, expired and needs_attention never count) on the day they were paid, plus resellers'
 * key purchases on the day they were made. A reseller top-up is not revenue when it is paid: it is
 * money held for the reseller (it can be refunded while unspent) and becomes revenue when the
 * balance buys keys. Counting both would count the same dollars twice (docs/payments.md, "Revenue").
 */
export async function getOverview(db: Db, days = 30): Promise<Overview> {
  const series = (await db.execute(sql`
    with d as (
      select generate_series(current_date - ${days - 1}::int, current_date, interval '1 day')::date as day
    )
    select to_char(d.day, 'YYYY-MM-DD') as date,
      (select count(*) from licence_keys k where k.created_at >= d.day and k.created_at < d.day + 1)::int as generated,
      (select count(*) from licence_keys k where k.redeemed_at >= d.day and k.redeemed_at < d.day + 1)::int as redeemed,
      ((select coalesce(-sum(l.delta_cents), 0) from balance_ledger l
        where l.reason = 'key_purchase'
          and l.created_at >= d.day and l.created_at < d.day + 1)
      + (select coalesce(sum(o.amount_cents), 0) from orders o
        where o.kind = 'licence' and o.status = 'paid'
          and o.paid_at >= d.day and o.paid_at < d.day + 1))::bigint as revenue_cents
    from d order by d.day`)) as unknown as { rows: DayRow[] };
  const totals = (await db.execute(sql`
    select
      (select count(*) from users)::int as users,
      (select count(*) from licences where expires_at > now())::int as active_licences,
      (select count(*) from tickets where status = 'open')::int as open_tickets,
      (select count(*) from tickets where status = 'open' and escalated)::int as escalated_tickets,
      (select count(*) from licences where last_check_at > now() - interval '24 hours')::int as checked
  `)) as unknown as { rows: Record<string, number>[] };
  const t = totals.rows[0]!;
  const dayRows = series.rows.map((r) => ({
    date: r.date,
    keysGenerated: Number(r.generated),
    keysRedeemed: Number(r.redeemed),
    revenue: Number(r.revenue_cents) / 100,
  }));
  return {
    days: dayRows,
    totals: {
      users: Number(t.users),
      activeLicences: Number(t.active_licences),
      openTickets: Number(t.open_tickets),
      escalatedTickets: Number(t.escalated_tickets),
      licencesCheckedLast24h: Number(t.checked),
      revenueLast30d: dayRows.reduce((sum, d) => sum + d.revenue, 0),
    },
  };
}
