import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { plans, products } from './products';
import { users } from './users';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** The spec's "owned product": one per (user, product), extended by each redeemed key. */
export const licences = pgTable(
  'licences',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text()
      .notNull()
      .references(() => products.id),
    /**
     * The licence's own key: the tool's credential, shown only to the owner. The app mints it
     * (100 random bits); the default (80 random bits) only covers rows inserted by hand or scripts.
     */
    licenceKey: text()
      .notNull()
      .unique('licences_licence_key_unique')
      .default(
        sql`regexp_replace(upper(substr(md5(gen_random_uuid()::text), 1, 20)), '(.{5})(.{5})(.{5})(.{5})', 'STLL-\\1-\\2-\\3-\\4')`,
      ),
    hwid: text(),
    hwidBoundAt: ts(),
    lastHwidResetAt: ts(),
    purchasedAt: ts().notNull().defaultNow(),
    expiresAt: ts().notNull(),
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    lastCheckAt: ts(),
    /** How many distinct HWIDs may bind (licence check v2); 1 = the first version's behaviour. */
    maxMachines: integer().notNull().default(1),
    revokedAt: ts(),
    revokeReason: text(),
    revokedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('licences_user_product_unique').on(t.userId, t.productId),
    index('licences_last_check_idx').on(t.lastCheckAt),
  ],
);

export const licenceKeys = pgTable(
  'licence_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull().unique(),
    productId: text()
      .notNull()
      .references(() => products.id),
    planId: uuid().references(() => plans.id, { onDelete: 'set null' }),
    durationDays: integer().notNull(),
    pricePaidCents: integer().notNull().default(0),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts().notNull().defaultNow(),
    redeemedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: ts(),
    licenceId: uuid().references(() => licences.id, { onDelete: 'set null' }),
    revokedAt: ts(),
  },
  (t) => [
    index('licence_keys_created_by_idx').on(t.createdBy, t.createdAt),
    index('licence_keys_licence_idx').on(t.licenceId),
    index('licence_keys_redeemed_at_idx').on(t.redeemedAt),
    check('licence_keys_days_check', sql`${t.durationDays} > 0`),
  ],
);

/** Machines bound to a licence (licence check v2): at most `licences.max_machines` rows. */
export const licenceMachines = pgTable(
  'licence_machines',
  {
    id: uuid().primaryKey().defaultRandom(),
    licenceId: uuid()
      .notNull()
      .references(() => licences.id, { onDelete: 'cascade' }),
    hwid: text().notNull(),
    firstSeenAt: ts().notNull().defaultNow(),
    lastSeenAt: ts().notNull().defaultNow(),
  },
  (t) => [unique('licence_machines_licence_hwid_unique').on(t.licenceId, t.hwid)],
);

/** Which products a reseller may sell. */
export const resellerProducts = pgTable(
  'reseller_products',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    grantedAt: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/** Every change of a balance; a user's balance always equals the sum of their rows. */
export const balanceLedger = pgTable(
  'balance_ledger',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deltaCents: bigint({ mode: 'number' }).notNull(),
    reason: text().notNull(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** What the change paid for, e.g. the keys of one generate call. */
    reference: jsonb().$type<Record<string, unknown>>(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [index('balance_ledger_user_idx').on(t.userId, t.createdAt)],
);
