import { and, eq, isNull, sql } from 'drizzle-orm';
import type {
  ClientValidateBody,
  ClientValidateResponse,
  LicenceCheckCode,
  LicenceSettings,
} from '@stellar/shared';
import type { Db } from '../../db/client';
import { licences, products, users } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-errors';
import { normaliseKeyCode } from '../../lib/key-code';
import { getGlobalSettings } from '../settings';

/** last_check_at is written at most this often per licence, so a busy tool's checks stay reads. */
const TOUCH_EVERY_MS = 60_000;

export const CLIENT_KEY_INVALID = 'Invalid licence key.';
export const CLIENT_BANNED = 'This account has been banned.';
export const CLIENT_EXPIRED = 'This licence has expired.';
export const CLIENT_NOT_BOUND = 'This machine is not bound to the licence: validate it first.';
export const CLIENT_HWID_MISMATCH = 'This licence is bound to another machine.';
export const CLIENT_SETTINGS_DISABLED = 'Settings access is disabled.';

/**
 * licence key -> licence -> user -> product for a batch of keys, in one round trip. Only a
 * licence's own key is a credential: voucher codes are spent by redeeming and match nothing here.
 */
const buildLookup = (db: Db) =>
  db
    .select({
      code: licences.licenceKey,
      licenceId: licences.id,
      slug: products.slug,
      hwid: licences.hwid,
      expiresAt: licences.expiresAt,
      lastCheckAt: licences.lastCheckAt,
      bannedAt: users.bannedAt,
    })
    .from(licences)
    .innerJoin(products, eq(products.id, licences.productId))
    .innerJoin(users, eq(users.id, licences.userId))
    .where(sql`${licences.licenceKey} = any(${sql.placeholder('codes')}::text[])`)
    // Named: PostgreSQL parses and plans it once per pooled connection.
    .prepare('licence_check_lookup');
type LookupRow = Awaited<ReturnType<ReturnType<typeof buildLookup>['execute']>>[number];

/** Largest number of distinct keys looked up by one query. */
const MAX_BATCH = 256;

/**
 * Coalesces the lookups of concurrent checks: every check that reaches the lookup during one turn
 * of the event loop shares a single query (flushed by setImmediate, so no timer adds latency).
 * Under load this turns N round trips into one, which is what keeps the check close to the
 * cost of a constant route; an idle server still sends one query per check, at once.
 */
class KeyLookupBatcher {
  private readonly prepared: ReturnType<typeof buildLookup>;
  private waiting = new Map<
    string,
    { resolve: (row?: LookupRow) => void; reject: (e: unknown) => void }[]
  >();
  private scheduled = false;

  constructor(db: Db) {
    this.prepared = buildLookup(db);
  }

  load(code: string): Promise<LookupRow | undefined> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(code);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(code, [{ resolve, reject }]);
      if (this.waiting.size >= MAX_BATCH) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    const batch = this.waiting;
    if (batch.size === 0) return;
    this.waiting = new Map();
    this.prepared.execute({ codes: [...batch.keys()] }).then(
      (rows) => {
        const byCode = new Map(rows.map((row) => [row.code, row]));
        for (const [code, list] of batch) for (const w of list) w.resolve(byCode.get(code));
      },
      (err: unknown) => {
        for (const list of batch.values()) for (const w of list) w.reject(err);
      },
    );
  }
}

const batchers = new WeakMap<Db, KeyLookupBatcher>();
function lookup(db: Db, key: string): Promise<LookupRow | undefined> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new KeyLookupBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher.load(normaliseKeyCode(key));
}

/** What a row says about a check, before the HWID is considered. */
function verdict(row: LookupRow | undefined, product: string, now: Date): LicenceCheckCode | null {
  if (!row) return 'KEY_INVALID';
  if (row.slug !== product) return 'PRODUCT_MISMATCH';
  if (row.bannedAt) return 'BANNED';
  if (row.expiresAt <= now) return 'EXPIRED';
  return null;
}

/** Binds the HWID if none is bound yet (guarded: of two racing machines one wins); returns the bound one. */
async function bindHwid(
  db: Db,
  licenceId: string,
  hwid: string,
  now: Date,
): Promise<string | null> {
  const [bound] = await db
    .update(licences)
    .set({ hwid, hwidBoundAt: now, lastCheckAt: now })
    .where(and(eq(licences.id, licenceId), isNull(licences.hwid)))
    .returning({ hwid: licences.hwid });
  if (bound) return bound.hwid;
  const [current] = await db
    .select({ hwid: licences.hwid })
    .from(licences)
    .where(eq(licences.id, licenceId));
  return current?.hwid ?? null;
}

/**
 * The tool's licence check (DESIGN section 7): a code for every outcome, the HWID bound on the
 * first valid check. The caller signs the answer.
 */
export async function checkLicence(
  db: Db,
  input: ClientValidateBody,
  now = new Date(),
): Promise<ClientValidateResponse> {
  const row = await lookup(db, input.key);
  const refused = verdict(row, input.product, now);
  let code: LicenceCheckCode = refused ?? 'VALID';
  if (!refused && row) {
    if (row.hwid === null) {
      const bound = await bindHwid(db, row.licenceId, input.hwid, now);
      if (bound !== input.hwid) code = 'HWID_MISMATCH';
    } else if (row.hwid !== input.hwid) {
      code = 'HWID_MISMATCH';
    } else if (!row.lastCheckAt || now.getTime() - row.lastCheckAt.getTime() >= TOUCH_EVERY_MS) {
      await db.update(licences).set({ lastCheckAt: now }).where(eq(licences.id, row.licenceId));
    }
  }
  const showsExpiry = code === 'VALID' || code === 'EXPIRED' || code === 'HWID_MISMATCH';
  return {
    valid: code === 'VALID',
    code,
    product: input.product,
    expiresAt: showsExpiry ? row!.expiresAt.toISOString() : null,
    nonce: input.nonce,
    serverTime: now.toISOString(),
  };
}

/** The settings JSON the tool downloads: settings access allowed, key valid, this machine bound. */
export async function getClientSettings(
  db: Db,
  query: { key: string; hwid: string },
  now = new Date(),
): Promise<{ product: string; settings: LicenceSettings }> {
  if (!(await getGlobalSettings(db)).allowSettingsAccess) {
    throw forbidden(CLIENT_SETTINGS_DISABLED);
  }
  const row = await lookup(db, query.key);
  const refused = verdict(row, row?.slug ?? '', now);
  if (refused === 'KEY_INVALID' || !row) throw notFound(CLIENT_KEY_INVALID);
  if (refused === 'BANNED') throw forbidden(CLIENT_BANNED);
  if (refused === 'EXPIRED') throw forbidden(CLIENT_EXPIRED);
  if (row.hwid === null) throw forbidden(CLIENT_NOT_BOUND);
  if (row.hwid !== query.hwid) throw forbidden(CLIENT_HWID_MISMATCH);
  const [licence] = await db
    .select({ settings: licences.settings })
    .from(licences)
    .where(eq(licences.id, row.licenceId));
  return { product: row.slug, settings: licence?.settings ?? {} };
}
