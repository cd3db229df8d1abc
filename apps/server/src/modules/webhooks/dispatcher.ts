import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { decrypt } from '../../lib/crypto';
import { discordMessage } from './discord';
import { payloadOf } from './payload';
import { DISABLE_AFTER_MS, nextAttemptAt } from './retry-schedule';
import { signatureHeader } from './signature';
import { postJson, type SendResult } from './webhook-client';

/** Events younger than this may still have a lower-numbered neighbour committing: scan them again. */
const SETTLE_SECONDS = 60;
const LEASE_SECONDS = 120;
const BATCH = 20;

export interface DispatchOptions {
  encryptionKey: Buffer;
  timeoutMs: number;
  /** Identifies this process in endpoint leases. */
  owner?: string;
}

async function all<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Turns new outbox events into first attempts, one per matching endpoint. One process at a time
 * holds the cursor (SKIP LOCKED); the unique (endpoint, event) first attempt makes rescans harmless.
 * Staff (Admin, Owner) endpoints get every event type they name; a Reseller's only events about it.
 */
export async function fanOut(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into webhook_cursor (id, seq)
      select 1, coalesce(max(seq), 0) from events
      where created_at < now() - make_interval(secs => ${SETTLE_SECONDS})
      on conflict (id) do nothing`);
    const [cursor] = await all<{ seq: string | number }>(
      tx,
      sql`select seq from webhook_cursor where id = 1 for update skip locked`,
    );
    if (!cursor) return 0;
    const from = Number(cursor.seq);
    const inserted = await all<{ id: string }>(
      tx,
      sql`
      insert into webhook_deliveries (endpoint_id, event_id, event_seq, attempt, next_attempt_at, first_attempt_at)
      select w.id, e.id, e.seq, 1, now(), now()
      from events e
      join webhook_endpoints w on e.type = any(w.events) and e.created_at >= w.events_since
        and w.disabled_at is null
      join users u on u.id = w.user_id and u.banned_at is null
      where e.seq > ${from}
        and (u.role in ('Admin', 'Owner') or (u.role = 'Reseller' and e.reseller_id = w.user_id))
      order by e.seq
      on conflict (endpoint_id, event_id) where attempt = 1 do nothing
      returning id`,
    );
    // Written only when it moves, so an idle server does not write every second.
    await tx.execute(sql`
      update webhook_cursor set seq = settled.seq
      from (select max(seq) as seq from events
            where seq > ${from} and created_at < now() - make_interval(secs => ${SETTLE_SECONDS})) settled
      where webhook_cursor.id = 1 and settled.seq is not null`);
    return inserted.length;
  });
}

interface EndpointRow {
  id: string;
  url: string;
  kind: 'http' | 'discord';
  secret_sealed: string;
}

interface DueRow {
  id: string;
  attempt: number;
  manual: number;
  first_attempt_at: Date | string;
  event_id: string;
  type: string;
  payload: Record<string, unknown>;
  created_at: Date | string;
}

/** Takes one endpoint with due attempts for this process (lease + SKIP LOCKED: one sender each). */
async function leaseEndpoint(db: Db, owner: string): Promise<EndpointRow | null> {
  const [row] = await all<EndpointRow>(
    db,
    sql`
    update webhook_endpoints set lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), lease_owner = ${owner}
    where id = (
      select w.id from webhook_endpoints w
      where w.disabled_at is null and (w.lease_until is null or w.lease_until < now())
        and exists (select 1 from webhook_deliveries d
                    where d.endpoint_id = w.id and d.status = 'pending' and d.next_attempt_at <= now())
      order by w.lease_until nulls first
      limit 1
      for update skip locked)
    returning id, url, kind, secret_sealed`,
  );
  return row ?? null;
}

async function renewLease(db: Db, endpointId: string, owner: string): Promise<boolean> {
  const rows = await all<{ id: string }>(
    db,
    sql`update webhook_endpoints set lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
        where id = ${endpointId} and lease_owner = ${owner} and disabled_at is null returning id`,
  );
  return rows.length === 1;
}

function requestFor(
  endpoint: EndpointRow,
  due: DueRow,
  encryptionKey: Buffer,
): { body: string; headers: Record<string, string> } {
  const payload = payloadOf({
    id: due.event_id,
    type: due.type,
    createdAt: new Date(due.created_at),
    payload: due.payload,
  });
  if (endpoint.kind === 'discord') {
    return { body: JSON.stringify(discordMessage(payload)), headers: {} };
  }
  const body = JSON.stringify(payload);
  const secret = decrypt(encryptionKey, endpoint.secret_sealed);
  return {
    body,
    headers: {
      'stellar-signature': signatureHeader(secret, body, Math.floor(Date.now() / 1000)),
      'stellar-event-id': payload.id,
      'stellar-event-type': payload.type,
    },
  };
}

/** Writes an attempt's outcome; a failure schedules the next attempt and may disable the endpoint. */
async function record(db: Db, endpointId: string, due: DueRow, result: SendResult) {
  const now = new Date();
  await db.transaction(async (tx) => {
    const updated = await all<{ id: string }>(
      tx,
      sql`update webhook_deliveries set status = ${result.ok ? 'delivered' : 'failed'},
          response_status = ${result.status}, response_body = ${result.body}, error = ${result.error},
          duration_ms = ${result.durationMs}, sent_at = ${now.toISOString()}::timestamptz
          where id = ${due.id} and status = 'pending' returning id`,
    );
    if (updated.length === 0) return;
    if (result.ok) {
      await tx.execute(
        sql`update webhook_endpoints set failing_since = null where id = ${endpointId}`,
      );
      return;
    }
    const next = due.manual
      ? null
      : nextAttemptAt(due.attempt, new Date(due.first_attempt_at), now, result.retryAfterMs);
    if (next) {
      await tx.execute(sql`
        insert into webhook_deliveries (endpoint_id, event_id, event_seq, attempt, next_attempt_at, first_attempt_at)
        select endpoint_id, event_id, event_seq, attempt + 1, ${next.toISOString()}::timestamptz, first_attempt_at
        from webhook_deliveries where id = ${due.id}`);
    }
    const reason = result.status
      ? `Failed for 3 days; last answer: HTTP ${result.status}.`
      : `Failed for 3 days; last error: ${result.error}.`;
    await tx.execute(sql`
      update webhook_endpoints set
        failing_since = coalesce(failing_since, ${now.toISOString()}::timestamptz),
        disabled_at = case when failing_since < ${new Date(now.getTime() - DISABLE_AFTER_MS).toISOString()}::timestamptz
          then ${now.toISOString()}::timestamptz else disabled_at end,
        disabled_reason = case when failing_since < ${new Date(now.getTime() - DISABLE_AFTER_MS).toISOString()}::timestamptz
          then ${reason} else disabled_reason end
      where id = ${endpointId}`);
  });
}

/**
 * Sends due attempts, one endpoint at a time per process and in event order per endpoint. Returns
 * the number of attempts made.
 */
export async function sendDue(db: Db, opts: DispatchOptions): Promise<number> {
  const owner = opts.owner ?? `${process.pid}-${randomBytes(4).toString('hex')}`;
  let sent = 0;
  for (let endpoints = 0; endpoints < 50; endpoints++) {
    const endpoint = await leaseEndpoint(db, owner);
    if (!endpoint) break;
    try {
      const due = await all<DueRow>(
        db,
        sql`select d.id, d.attempt, d.manual, d.first_attempt_at, e.id as event_id, e.type, e.payload, e.created_at
            from webhook_deliveries d join events e on e.id = d.event_id
            where d.endpoint_id = ${endpoint.id} and d.status = 'pending' and d.next_attempt_at <= now()
            order by d.event_seq, d.attempt limit ${BATCH}`,
      );
      for (const delivery of due) {
        if (!(await renewLease(db, endpoint.id, owner))) break;
        const { body, headers } = requestFor(endpoint, delivery, opts.encryptionKey);
        const result = await postJson(endpoint.url, body, headers, opts.timeoutMs);
        await record(db, endpoint.id, delivery, result);
        sent += 1;
        // Rate-limited: stop sending to this endpoint until the wait it asked for is over.
        if (result.status === 429) break;
      }
    } finally {
      await db.execute(
        sql`update webhook_endpoints set lease_until = null, lease_owner = null
            where id = ${endpoint.id} and lease_owner = ${owner}`,
      );
    }
  }
  return sent;
}
