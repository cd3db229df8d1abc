import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

export const products = pgTable('products', {
  id: text().primaryKey(),
  slug: text().notNull().unique(),
  title: text().notNull().unique(),
  description: text().notNull(),
  features: jsonb().$type<string[]>().notNull().default([]),
  sortOrder: integer().notNull().default(0),
  /** Small JSON object returned inside valid licence checks (licence check v2). */
  variables: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const plans = pgTable(
  'plans',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    durationLabel: text().notNull(),
    durationDays: integer().notNull(),
    priceCents: integer().notNull(),
    sortOrder: integer().notNull().default(0),
    /** Machines a licence of this plan may bind (licence check v2). */
    maxMachines: integer().notNull().default(1),
  },
  (t) => [
    unique('plans_product_name_unique').on(t.productId, t.name),
    check('plans_price_check', sql`${t.priceCents} >= 0`),
    check('plans_days_check', sql`${t.durationDays} > 0`),
    check('plans_machines_check', sql`${t.maxMachines} BETWEEN 1 AND 100`),
  ],
);
