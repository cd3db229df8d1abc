import { and, eq, sql } from 'drizzle-orm';
import type {
  ClientValidateBody,
  ClientValidateResponse,
  LicenceCheckCode,
  LicenceSettings,
} from '@stellar/shared';
import type { Db } from '../../db/client';
import { licenceMachines, licences, products, users } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-errors';
import { Batcher, batcherPer } from '../../lib/batcher';
import { normaliseKeyCode } from '../../lib/key-code';
import { getGlobalSettings } from '../settings';

/** last_check_at and a machine's last_seen_at are written at most this often, so checks stay reads. */
const TOUCH_EVERY_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const CLIENT_KEY_INVALID = 'Invalid licence key.';
export const CLIENT_BANNED = 'This account has been banned.';
export const CLIENT_EXPIRED = 'This licence has expired.';
export const CLIENT_NOT_BOUND = 'This machine is not bound to the licence: validate it first.';
export const CLIENT_HWID_MISMATCH = 'This licence is bound to another machine.';
export const CLIENT_SETTINGS_DISABLED = 'Settings access is disabled.';

/**
 * A batch's array, through a scalar subquery: the plan then cannot depend on the array's values, so
 * PostgreSQL plans the named statement once (its generic plan) instead of again at every execution,
 * where a plan for the exact values looked cheaper. Planning was two thirds of the lookup's time on
 * PGlite (docs/benchmarks.md, "PGlite statements parsed once").
 */
const batchArray = (name: string) => sql`(select ${sql.placeholder(name)}::text[])::text[]`;

/**
 * licence key -> licence -> user -> product (and the asked machine, if bound) for a batch of
 * checks, in one round trip. Only a licence's own key is a credential: voucher codes are spent by
 * redeeming and match nothing here. One row per licence, or one per bound machine among `hwids`.
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
      maxMachines: licences.maxMachines,
      revokedAt: licences.revokedAt,
      bannedAt: users.bannedAt,
      variables: products.variables,
      machineHwid: licenceMachines.hwid,
      machineSeenAt: licenceMachines.lastSeenAt,
    })
    .from(licences)
    .innerJoin(products, eq(products.id, licences.productId))
    .innerJoin(users, eq(users.id, licences.userId))
    .leftJoin(
      licenceMachines,
      and(
        eq(licenceMachines.licenceId, licences.id),
        sql`${licenceMachines.hwid} = any(${batchArray('hwids')})`,
      ),
    )
    .where(sql`${licences.licenceKey} = any(${batchArray('codes')})`)
    // Named: parsed once per pooled connection (on PGlite, once: db/pglite-statements.ts).
    .prepare('licence_check_lookup_v2');
type QueryRow = Awaited<ReturnType<ReturnType<typeof buildLookup>['execute']>>[number];
export type LookupRow = Omit<QueryRow, 'machineHwid' | 'machineSeenAt'>;

/** What the database says about one (key, hwid): the licence, and when that machine was last seen. */
export interface LicenceLookup {
  /** The normalised key code. */
  code: string;
  row?: LookupRow;
  /** Set when `hwid` is one of the licence's machines (licence_machines). */
  machineSeenAt: Date | null;
}

/** Largest number of checks whose lookups share one query. */
const MAX_BATCH = 256;

/**
 * The lookups of concurrent checks share one query per turn of the event loop (lib/batcher.ts):
 * under load N round trips become one, which keeps the check close to the cost of a constant route.
 */
const licenceLookups = batcherPer((db: Db) => {
  const prepared = buildLookup(db);
  return new Batcher<{ code: string; hwid: string }, LicenceLookup>(async (items) => {
    const rows = await prepared.execute({
      codes: [...new Set(items.map((i) => i.code))],
      hwids: [...new Set(items.map((i) => i.hwid))],
    });
    const byCode = new Map<string, { row: LookupRow; seen: Map<string, Date> }>();
    for (const { machineHwid, machineSeenAt, ...row } of rows) {
      let entry = byCode.get(row.code);
      if (!entry) byCode.set(row.code, (entry = { row, seen: new Map() }));
      if (machineHwid !== null && machineSeenAt) entry.seen.set(machineHwid, machineSeenAt);
    }
    return items.map(({ code, hwid }) => {
      const entry = byCode.get(code);
      return { code, row: entry?.row, machineSeenAt: entry?.seen.get(hwid) ?? null };
    });
  }, MAX_BATCH);
});

/** The licence of `key` and whether `hwid` is one of its machines (batched with concurrent checks). */
export function lookupLicence(db: Db, key: string, hwid: string): Promise<LicenceLookup> {
  return licenceLookups(db).load({ code: normaliseKeyCode(key), hwid });
}

/** What a row says about a check, before the machine is considered. */
function verdict(row: LookupRow | undefined, product: string, now: Date): LicenceCheckCode | null {
  if (!row) return 'KEY_INVALID';
  if (row.slug !== product) return 'PRODUCT_MISMATCH';
  if (row.bannedAt) return 'BANNED';
  if (row.revokedAt) return 'REVOKED';
  if (row.expiresAt <= now) return 'EXPIRED';
  return null;
}

/** A bound machine seen again: its last_seen_at and the licence's last_check_at, once a minute at most. */
async function touch(db: Db, found: LicenceLookup, hwid: string, now: Date): Promise<void> {
  const row = found.row!;
  const stale = (at: Date | null) => !at || now.getTime() - at.getTime() >= TOUCH_EVERY_MS;
  if (!stale(found.machineSeenAt) && !stale(row.lastCheckAt)) return;
  await db.execute(sql`
    with seen as (
      update ${licenceMachines} set last_seen_at = ${now.toISOString()}::timestamptz
      where licence_id = ${row.licenceId} and hwid = ${hwid}
    )
    update ${licences} set last_check_at = ${now.toISOString()}::timestamptz,
      -- licences.hwid names a bound machine: after a removal left it empty, this one.
      hwid = coalesce(hwid, ${hwid}),
      hwid_bound_at = coalesce(hwid_bound_at, ${now.toISOString()}::timestamptz)
    where id = ${row.licenceId}`);
}

/**
 * Binds `hwid` to the licence if it is one of its machines already or a slot is free; false when
 * the licence's max_machines distinct HWIDs are bound. The licence row is locked (FOR UPDATE) for
 * the count and the insert, so parallel first checks of distinct machines never exceed the limit:
 * each one counts after the previous one committed. licences.hwid keeps the first machine bound
 * (the first version's column, which the dashboard and the HWID reset read).
 */
export async function bindMachine(
  db: Db,
  licenceId: string,
  hwid: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [licence] = await tx
      .select({ hwid: licences.hwid, maxMachines: licences.maxMachines })
      .from(licences)
      .where(eq(licences.id, licenceId))
      .for('update');
    if (!licence) return false;
    const machines = await tx
      .select({ hwid: licenceMachines.hwid })
      .from(licenceMachines)
      .where(eq(licenceMachines.licenceId, licenceId));
    const bound = new Set(machines.map((m) => m.hwid));
    // A machine bound through licences.hwid alone (older code, no machine rows yet) holds a slot
    // too. Once rows exist they are the truth: a removed machine frees its slot even if it was
    // the one licences.hwid names.
    if (licence.hwid !== null && machines.length === 0) bound.add(licence.hwid);
    if (!bound.has(hwid) && bound.size >= licence.maxMachines) return false;
    await tx
      .insert(licenceMachines)
      .values({ licenceId, hwid, firstSeenAt: now, lastSeenAt: now })
      .onConflictDoUpdate({
        target: [licenceMachines.licenceId, licenceMachines.hwid],
        set: { lastSeenAt: now },
      });
    // licences.hwid names a bound machine: set it when it names none (or one that was removed).
    const stale = licence.hwid === null || (machines.length > 0 && !bound.has(licence.hwid));
    await tx
      .update(licences)
      .set(stale ? { hwid, hwidBoundAt: now, lastCheckAt: now } : { lastCheckAt: now })
      .where(eq(licences.id, licenceId));
    return true;
  });
}

/**
 * The tool's licence check (docs/licence-api.md): a code for every outcome, the machine bound on a
 * valid check while the licence has a free slot. The answer is bound to the request's HWID and to
 * the licence (version 2). The caller signs it. `found` is the lookup the route already made.
 */
export async function checkLicence(
  db: Db,
  input: ClientValidateBody,
  now = new Date(),
  found?: LicenceLookup,
): Promise<ClientValidateResponse> {
  const looked = found ?? (await lookupLicence(db, input.key, input.hwid));
  const row = looked.row;
  const refused = verdict(row, input.product, now);
  let code: LicenceCheckCode = refused ?? 'VALID';
  if (!refused && row) {
    if (looked.machineSeenAt) await touch(db, looked, input.hwid, now);
    else if (!(await bindMachine(db, row.licenceId, input.hwid, now))) code = 'HWID_MISMATCH';
  }
  const showsExpiry = code === 'VALID' || code === 'EXPIRED' || code === 'HWID_MISMATCH';
  const variables = row?.variables;
  return {
    valid: code === 'VALID',
    code,
    product: input.product,
    expiresAt: showsExpiry ? row!.expiresAt.toISOString() : null,
    nonce: input.nonce,
    serverTime: now.toISOString(),
    hwid: input.hwid,
    licenceId: row?.licenceId ?? null,
    ...(code === 'VALID' && variables && Object.keys(variables).length > 0 ? { variables } : {}),
  };
}

/** The signed offline token's fields: the check's answer, then its type and how long it lasts. */
export type OfflineTokenAnswer = Omit<ClientValidateResponse, 'code'> & {
  code: LicenceCheckCode | 'OFFLINE_DISABLED';
  type: 'offline-token';
  validUntil: string | null;
};

/**
 * POST /api/client/offline-token: a licence check (binding as validate does) whose VALID answer
 * also says until when the tool may start offline on this machine: min(expiry, now + offlineDays).
 * offlineDays = 0 answers OFFLINE_DISABLED without looking at the licence.
 */
export async function issueOfflineToken(
  db: Db,
  input: ClientValidateBody,
  now = new Date(),
  found?: LicenceLookup,
): Promise<OfflineTokenAnswer> {
  const { offlineDays } = await getGlobalSettings(db);
  if (offlineDays <= 0) {
    return {
      valid: false,
      code: 'OFFLINE_DISABLED',
      product: input.product,
      expiresAt: null,
      nonce: input.nonce,
      serverTime: now.toISOString(),
      hwid: input.hwid,
      licenceId: null,
      type: 'offline-token',
      validUntil: null,
    };
  }
  const answer = await checkLicence(db, input, now, found);
  const validUntil =
    answer.code === 'VALID' && answer.expiresAt
      ? new Date(Math.min(Date.parse(answer.expiresAt), now.getTime() + offlineDays * DAY_MS))
      : null;
  return { ...answer, type: 'offline-token', validUntil: validUntil?.toISOString() ?? null };
}

/** What GET /client/settings signs: the settings of a valid bound machine, or a REVOKED refusal. */
export type ClientSettingsResult =
  | { code: 'VALID'; product: string; settings: LicenceSettings; licenceId: string }
  | { code: 'REVOKED'; product: string; settings: null; licenceId: string };

/**
 * The settings JSON the tool downloads: settings access allowed, key valid, this machine bound.
 * A revoked licence gets a signed REVOKED; the other refusals stay plain errors (version 1).
 */
export async function getClientSettings(
  db: Db,
  query: { key: string; hwid: string },
  now = new Date(),
  found?: LicenceLookup,
): Promise<ClientSettingsResult> {
  if (!(await getGlobalSettings(db)).allowSettingsAccess) {
    throw forbidden(CLIENT_SETTINGS_DISABLED);
  }
  const looked = found ?? (await lookupLicence(db, query.key, query.hwid));
  const row = looked.row;
  const refused = verdict(row, row?.slug ?? '', now);
  if (refused === 'KEY_INVALID' || !row) throw notFound(CLIENT_KEY_INVALID);
  if (refused === 'BANNED') throw forbidden(CLIENT_BANNED);
  if (refused === 'REVOKED') {
    return { code: 'REVOKED', product: row.slug, settings: null, licenceId: row.licenceId };
  }
  if (refused === 'EXPIRED') throw forbidden(CLIENT_EXPIRED);
  if (!looked.machineSeenAt && row.hwid !== query.hwid) {
    // With free slots (or none bound yet) the machine only needs a validate to bind.
    throw forbidden(
      row.hwid === null || row.maxMachines > 1 ? CLIENT_NOT_BOUND : CLIENT_HWID_MISMATCH,
    );
  }
  const [licence] = await db
    .select({ settings: licences.settings })
    .from(licences)
    .where(eq(licences.id, row.licenceId));
  return {
    code: 'VALID',
    product: row.slug,
    settings: licence?.settings ?? {},
    licenceId: row.licenceId,
  };
}
