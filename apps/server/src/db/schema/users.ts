import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    role: text().notNull().default('Member'),
    balanceCents: bigint({ mode: 'number' }).notNull().default(0),
    /** TOTP secret, AES-256-GCM encrypted; set at setup, trusted once enabled. */
    twoFactorSecret: text(),
    twoFactorEnabled: boolean().notNull().default(false),
    /** Last accepted TOTP time step: a code is good once only. */
    lastTotpStep: bigint({ mode: 'number' }),
    mustChangePassword: boolean().notNull().default(false),
    /** Staff-issued one-time password-reset code (SHA-256) and its expiry. */
    resetCodeHash: text(),
    resetCodeExpiresAt: timestamp({ withTimezone: true, mode: 'date' }),
    bannedAt: timestamp({ withTimezone: true, mode: 'date' }),
    banReason: text(),
    passwordChangedAt: now(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_role_idx').on(t.role),
    index('users_created_at_idx').on(t.createdAt),
    // Admin user search by username prefix: lower(username) LIKE 'term%' (see docs/benchmarks.md, Scale).
    index('users_username_pattern_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    // Admin user list (active users, newest first) and its count, without reading the table.
    index('users_active_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.bannedAt} is null`),
    check('users_role_check', sql`${t.role} in ('Member','Support','Reseller','Admin','Owner')`),
    check('users_balance_check', sql`${t.balanceCents} >= 0`),
  ],
);

/** Hashed 2FA backup codes; a code is spent by setting usedAt in one guarded UPDATE. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: now(),
  },
  (t) => [index('backup_codes_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedBy: uuid().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: now(),
    lastSeenAt: now(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
