import { eq, sql } from 'drizzle-orm';
import type { EventType } from '@stellar/shared';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';

/**
 * NOTIFY channel on which every committed event is announced: `{ id, seq, type, event }`, the event
 * itself when it fits in one NOTIFY (PostgreSQL refuses 8000 bytes), else `{ id, seq, type }` and
 * consumers read the row. Not the realtime plugin's channel: its listeners read every payload there
 * as a live-update frame.
 */
export const EVENTS_CHANNEL = 'stellar_outbox';
const MAX_NOTICE_BYTES = 7_500;

/** What an outbox NOTIFY carries. */
export interface OutboxNotice {
  id: string;
  seq: number;
  type: string;
  event?: StoredEvent;
}

/** The NOTIFY payload of a stored event: with the event when it fits. */
export function outboxNotice(stored: StoredEvent): string {
  const note = { id: stored.id, seq: stored.seq, type: stored.type };
  const full = JSON.stringify({ ...note, event: stored });
  return Buffer.byteLength(full) <= MAX_NOTICE_BYTES ? full : JSON.stringify(note);
}

/** Reads an outbox NOTIFY: the event it carries, or the row it names; null for anything else. */
export async function eventOfNotice(db: Db, payload: string): Promise<StoredEvent | null> {
  let notice: OutboxNotice;
  try {
    notice = JSON.parse(payload) as OutboxNotice;
  } catch {
    return null;
  }
  if (!notice || typeof notice.id !== 'string') return null;
  if (notice.event) return { ...notice.event, createdAt: new Date(notice.event.createdAt) };
  const [row] = await db.select().from(events).where(eq(events.id, notice.id));
  return (row as StoredEvent | undefined) ?? null;
}

export interface NewEvent {
  type: EventType;
  /** The member the event is about (owner of the ticket, licence, order). */
  userId?: string | null;
  /** The reseller the event is about (its key was redeemed, its balance changed). */
  resellerId?: string | null;
  subjectType?: string;
  subjectId?: string;
  payload?: Record<string, unknown>;
}

export interface StoredEvent {
  id: string;
  seq: number;
  type: string;
  userId: string | null;
  resellerId: string | null;
  subjectType: string | null;
  subjectId: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/**
 * Writes a domain event to the outbox. Call it with the transaction of the change: the event
 * exists exactly when the change committed, and the NOTIFY is delivered on commit only.
 */
export async function recordEvent(db: Db, event: NewEvent): Promise<StoredEvent> {
  const [row] = await db
    .insert(events)
    .values({
      type: event.type,
      userId: event.userId ?? null,
      resellerId: event.resellerId ?? null,
      subjectType: event.subjectType ?? null,
      subjectId: event.subjectId ?? null,
      payload: event.payload ?? {},
    })
    .returning();
  const stored = row as StoredEvent;
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${outboxNotice(stored)})`);
  return stored;
}

/** Events after a sequence number, oldest first (consumers catching up after a restart). */
export async function eventsAfter(db: Db, seq: number, limit = 500): Promise<StoredEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(sql`${events.seq} > ${seq}`)
    .orderBy(events.seq)
    .limit(limit);
  return rows as StoredEvent[];
}
