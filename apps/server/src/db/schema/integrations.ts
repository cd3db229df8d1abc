import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { licences } from './licensing';
import { products } from './products';
import { users } from './users';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** Integration keys (`stl_...`): only the SHA-256 of the key is kept; it acts as its owner within its scopes. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    scopes: text().array().notNull(),
    /** A `deliver` key sells exactly this product and plan. */
    productId: text().references(() => products.id),
    plan: text(),
    keyHash: text().notNull().unique(),
    /** First characters of the key, so owners can tell their keys apart. */
    prefix: text().notNull(),
    createdAt: ts().notNull().defaultNow(),
    lastUsedAt: ts(),
    lastUsedIp: text(),
    revokedAt: ts(),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

/** One shop order delivered through a `deliver` key: a retry with the same order id gets these keys. */
export const shopDeliveries = pgTable(
  'shop_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    apiKeyId: uuid()
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    orderId: text().notNull(),
    quantity: integer().notNull(),
    keys: text().array().notNull(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [unique('shop_deliveries_key_order_unique').on(t.apiKeyId, t.orderId)],
);

/** Where events are sent: a seller's HTTP server (signed) or a Discord webhook URL (embeds). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    kind: text().$type<'http' | 'discord'>().notNull(),
    events: text().array().notNull(),
    /** The signing secret, sealed with the server's encryption key (HMAC needs the secret itself). */
    secretSealed: text().notNull(),
    createdAt: ts().notNull().defaultNow(),
    /** Events from this time on are sent (creation, or turning a disabled endpoint back on). */
    eventsSince: ts().notNull().defaultNow(),
    /** Since when every attempt has failed (null while healthy). */
    failingSince: ts(),
    disabledAt: ts(),
    disabledReason: text(),
    /** A process sending this endpoint's deliveries holds it until then (one sender at a time, in order). */
    leaseUntil: ts(),
    leaseOwner: text(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId, t.createdAt)],
);

/** One row per attempt to send one event to one endpoint (the deliveries log). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    eventSeq: bigint({ mode: 'number' }).notNull(),
    attempt: integer().notNull(),
    status: text().$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    /** A manual redelivery is one attempt: its failure schedules nothing. */
    manual: integer().notNull().default(0),
    nextAttemptAt: ts().notNull().defaultNow(),
    /** When the first attempt of this event to this endpoint was made due (retries stop 24 h later). */
    firstAttemptAt: ts().notNull().defaultNow(),
    responseStatus: integer(),
    responseBody: text(),
    error: text(),
    durationMs: integer(),
    createdAt: ts().notNull().defaultNow(),
    sentAt: ts(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_first_unique')
      .on(t.endpointId, t.eventId)
      .where(sql`${t.attempt} = 1`),
    index('webhook_deliveries_due_idx')
      .on(t.endpointId, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** The fan-out cursor: events up to `seq` have been turned into deliveries (single row, id 1). */
export const webhookCursor = pgTable('webhook_cursor', {
  id: integer().primaryKey().default(1),
  seq: bigint({ mode: 'number' }).notNull().default(0),
});

/** licence.expiring was emitted for this licence at this expiry (the guard that makes it fire once). */
export const licenceExpiryNotices = pgTable(
  'licence_expiry_notices',
  {
    licenceId: uuid()
      .notNull()
      .references(() => licences.id, { onDelete: 'cascade' }),
    expiresAt: ts().notNull(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [unique('licence_expiry_notices_unique').on(t.licenceId, t.expiresAt)],
);
