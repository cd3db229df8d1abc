import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { LIMITS, MESSAGES, type LicenceSettings, type OwnedProduct } from '@stellar/shared';
import type { Db } from '../../db/client';
import { licenceMachines, licences, products, settings } from '../../db/schema';
import { Batcher, batcherPer, groupBy } from '../../lib/batcher';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http-errors';
import {
  getGlobalSettings,
  globalSettingsColumns,
  presentGlobalSettings,
  type GlobalSettings,
} from '../settings';

export const LICENCE_NOT_FOUND = 'Licence not found.';
export const HWID_RESET_DISABLED = 'HWID reset is disabled.';
export const HWID_RESET_DONE = MESSAGES.hwidResetDone;
export const HWID_NOT_BOUND = 'No HWID is bound to this licence yet.';
export const SETTINGS_DISABLED = 'Settings access is disabled.';
export const SETTINGS_TOO_LARGE = `Settings must be at most ${LIMITS.licenceSettingsMaxBytes / 1024} KiB of JSON.`;
export const HOUR = 60 * 60 * 1000;
export const LICENCE_IS_REVOKED = 'This licence is revoked.';

const ownedColumns = {
  id: licences.id,
  productId: licences.productId,
  title: products.title,
  slug: products.slug,
  hwid: licences.hwid,
  purchasedAt: licences.purchasedAt,
  expiresAt: licences.expiresAt,
  lastHwidResetAt: licences.lastHwidResetAt,
  licenceKey: licences.licenceKey,
  maxMachines: licences.maxMachines,
  revokedAt: licences.revokedAt,
  revokeReason: licences.revokeReason,
};
type OwnedRow = Awaited<ReturnType<typeof ownedRows>>[number];

/** When the cooldown next allows a reset, or null when it allows one now. */
export function nextResetAt(lastResetAt: Date | null, cooldownHours: number, now = new Date()) {
  if (!lastResetAt) return null;
  const next = new Date(lastResetAt.getTime() + cooldownHours * HOUR);
  return next > now ? next : null;
}

type Machine = NonNullable<OwnedProduct['machines']>[number];

/** A HWID as the dashboard shows it: enough to recognise a machine, not the whole identifier. */
export const shortHwid = (hwid: string) =>
  hwid.length <= 16 ? hwid : `${hwid.slice(0, 8)}…${hwid.slice(-4)}`;

function presentOwned(row: OwnedRow, settings: GlobalSettings, machines: Machine[]): OwnedProduct {
  return {
    _id: row.id,
    productId: row.productId,
    title: row.title,
    slug: row.slug,
    hwid: row.hwid,
    purchasedAt: row.purchasedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    canResetHWID: settings.allowHWIDReset,
    canAccessSettings: settings.allowSettingsAccess,
    licenceKey: row.licenceKey,
    nextHwidResetAt:
      nextResetAt(row.lastHwidResetAt, settings.hwidResetCooldownHours)?.toISOString() ?? null,
    maxMachines: row.maxMachines,
    machines,
    revoked: row.revokedAt
      ? { at: row.revokedAt.toISOString(), reason: row.revokeReason ?? '' }
      : null,
  };
}

/**
 * The member's licences with their machines and the global settings in one query (a row per
 * licence and machine): on the embedded database each query costs about a millisecond of the one
 * thread that serves every request, so the dashboard's list no longer takes three.
 */
function ownedRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      ...ownedColumns,
      userId: licences.userId,
      settings: globalSettingsColumns,
      machine: {
        id: licenceMachines.id,
        hwid: licenceMachines.hwid,
        firstSeenAt: licenceMachines.firstSeenAt,
        lastSeenAt: licenceMachines.lastSeenAt,
      },
    })
    .from(licences)
    .innerJoin(products, eq(products.id, licences.productId))
    .leftJoin(settings, eq(settings.id, 1))
    .leftJoin(licenceMachines, eq(licenceMachines.licenceId, licences.id))
    .where(where)
    .orderBy(
      asc(products.sortOrder),
      asc(licences.purchasedAt),
      asc(licenceMachines.firstSeenAt),
      asc(licenceMachines.id),
    );
}

/** Licences in the dashboard's shape, each with its machines oldest first. */
async function listOwned(db: Db, where: SQL): Promise<OwnedProduct[]> {
  return presentOwnedRows(await ownedRows(db, where));
}

/** Rows of ownedRows (a row per licence and machine, in its order) in the dashboard's shape. */
function presentOwnedRows(rows: OwnedRow[]): OwnedProduct[] {
  const byLicence = new Map<string, { row: OwnedRow; machines: Machine[] }>();
  for (const row of rows) {
    let entry = byLicence.get(row.id);
    if (!entry) byLicence.set(row.id, (entry = { row, machines: [] }));
    if (row.machine) {
      entry.machines.push({
        _id: row.machine.id,
        hwid: shortHwid(row.machine.hwid),
        firstSeenAt: row.machine.firstSeenAt.toISOString(),
        lastSeenAt: row.machine.lastSeenAt.toISOString(),
      });
    }
  }
  return [...byLicence.values()].map(({ row, machines }) =>
    presentOwned(row, presentGlobalSettings(row.settings), machines),
  );
}

/**
 * The dashboard lists of concurrent requests share one prepared query per turn of the event loop
 * (lib/batcher.ts), made after each of them arrived: on the embedded database each statement costs
 * about a millisecond of the one thread that serves every request, so N lists cost one.
 */
const ownedLists = batcherPer((db: Db) => {
  const prepared = ownedRows(
    db,
    sql`${licences.userId} = any(${sql.placeholder('userIds')}::uuid[])`,
  ).prepare('owned_by_users_v1');
  return new Batcher<string, OwnedProduct[]>(async (userIds) => {
    const rows = await prepared.execute({ userIds: [...new Set(userIds)] });
    const byUser = groupBy(rows, (row) => row.userId);
    return userIds.map((id) => presentOwnedRows(byUser.get(id) ?? []));
  });
});

/** The member's licences in the dashboard's shape, flags from the global settings. */
export async function listOwnedProducts(db: Db, userId: string): Promise<OwnedProduct[]> {
  return ownedLists(db).load(userId);
}

/** One licence of the member in the dashboard's shape. */
export async function getOwnedProduct(
  db: Db,
  userId: string,
  licenceId: string,
): Promise<OwnedProduct> {
  const [owned] = await listOwned(
    db,
    and(eq(licences.userId, userId), eq(licences.id, licenceId))!,
  );
  if (!owned) throw notFound(LICENCE_NOT_FOUND);
  return owned;
}

/** The member's own licence by its id or its product's id; anyone else's is a 404. */
export async function findOwnLicence(db: Db, userId: string, id: string) {
  const [licence] = await db
    .select()
    .from(licences)
    .where(
      and(
        eq(licences.userId, userId),
        // Compared as text: a product id is not a uuid, and a malformed id must not be a 500.
        or(sql`${licences.id}::text = ${id}`, eq(licences.productId, id)),
      ),
    )
    .limit(1);
  if (!licence) throw notFound(LICENCE_NOT_FOUND);
  return licence;
}

async function requireSettingsAccess(db: Db) {
  if (!(await getGlobalSettings(db)).allowSettingsAccess) throw forbidden(SETTINGS_DISABLED);
}

/** The settings JSON of the member's own licence (when settings access is allowed). */
export async function getLicenceSettings(
  db: Db,
  userId: string,
  id: string,
): Promise<LicenceSettings> {
  await requireSettingsAccess(db);
  return (await findOwnLicence(db, userId, id)).settings;
}

/** Replaces the settings JSON of the member's own licence (16 KiB at most). */
export async function saveLicenceSettings(
  db: Db,
  userId: string,
  id: string,
  next: LicenceSettings,
): Promise<LicenceSettings> {
  await requireSettingsAccess(db);
  if (Buffer.byteLength(JSON.stringify(next), 'utf8') > LIMITS.licenceSettingsMaxBytes) {
    throw new HttpError(413, SETTINGS_TOO_LARGE);
  }
  const licence = await findOwnLicence(db, userId, id);
  // The tool of a revoked licence gets no settings (REVOKED), so none are edited for it either.
  const [saved] = await db
    .update(licences)
    .set({ settings: next })
    .where(and(eq(licences.id, licence.id), isNull(licences.revokedAt)))
    .returning({ settings: licences.settings });
  if (!saved) throw conflict(LICENCE_IS_REVOKED);
  return saved.settings;
}
