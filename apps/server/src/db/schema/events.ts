import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * The outbox: one row per domain event, written by a command in the transaction of its change.
 * `seq` orders events in commit-ish order for consumers (live updates, webhooks, caches).
 * userId / resellerId are the accounts the event is about (a reseller's webhooks see only theirs).
 */
export const events = pgTable(
  'events',
  {
    id: uuid().primaryKey().defaultRandom(),
    seq: bigserial({ mode: 'number' }).notNull().unique(),
    type: text().notNull(),
    userId: uuid(),
    resellerId: uuid(),
    subjectType: text(),
    subjectId: text(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    index('events_type_idx').on(t.type, t.seq),
    index('events_reseller_idx').on(t.resellerId, t.seq),
  ],
);
