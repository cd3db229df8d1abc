import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** One row per maintenance page: on sends non-staff visitors to /maintenance. */
export const maintenance = pgTable('maintenance', {
  page: text().primaryKey(),
  enabled: boolean().notNull().default(false),
  updatedAt: ts().notNull().defaultNow(),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
});

/** Global product settings: a single row (id = 1). */
export const settings = pgTable(
  'settings',
  {
    id: integer().primaryKey().default(1),
    allowHwidReset: boolean().notNull().default(false),
    allowSettingsAccess: boolean().notNull().default(false),
    hwidResetCooldownHours: integer().notNull().default(24),
    /** Days an offline token of the licence check stays valid; 0 = offline tokens off. */
    offlineDays: integer().notNull().default(0),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [
    check('settings_singleton', sql`${t.id} = 1`),
    check('settings_cooldown_check', sql`${t.hwidResetCooldownHours} >= 0`),
    check('settings_offline_days_check', sql`${t.offlineDays} BETWEEN 0 AND 30`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text(),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    ip: text(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId),
  ],
);

/** Server-generated secrets shared by every process (licence signing key, encryption key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: ts().notNull().defaultNow(),
});
