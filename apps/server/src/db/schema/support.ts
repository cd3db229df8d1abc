import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

export const tickets = pgTable(
  'tickets',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text().notNull(),
    transactionId: text().notNull().default(''),
    message: text().notNull(),
    priority: text().notNull().default('Low'),
    reason: text().notNull().default('General Inquiry'),
    escalated: boolean().notNull().default(false),
    status: text().notNull().default('open'),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [
    index('tickets_user_idx').on(t.userId, t.createdAt),
    index('tickets_status_idx').on(t.status, t.updatedAt),
    // Staff list without a status filter: newest activity first.
    index('tickets_updated_idx').on(t.updatedAt, t.id),
    // Escalated queue (status=open&escalated=true) and its count: a small partial index.
    index('tickets_escalated_idx')
      .on(t.status, t.updatedAt)
      .where(sql`${t.escalated}`),
    check('tickets_priority_check', sql`${t.priority} in ('Low','Medium','High')`),
    check(
      'tickets_reason_check',
      sql`${t.reason} in ('General Inquiry','Bug Report','Feature Request','Billing Issue')`,
    ),
    check('tickets_status_check', sql`${t.status} in ('open','closed')`),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    ticketId: uuid()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The real author, always stored; null once that account is removed. */
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    sender: text().notNull(),
    role: text().notNull(),
    message: text().notNull(),
    timestamp: ts().notNull().defaultNow(),
  },
  (t) => [
    index('ticket_messages_ticket_idx').on(t.ticketId, t.timestamp),
    check('ticket_messages_role_check', sql`${t.role} in ('Username','Support')`),
  ],
);

/** How far each user has read each ticket's thread (for unread markers in /chat). */
export const ticketReads = pgTable(
  'ticket_reads',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketId: uuid()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    lastReadAt: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ticketId] })],
);
