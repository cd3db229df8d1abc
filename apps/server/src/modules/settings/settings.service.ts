import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

/** Global product settings as the services use them. */
export interface GlobalSettings {
  allowHWIDReset: boolean;
  allowSettingsAccess: boolean;
  hwidResetCooldownHours: number;
  /** Days an offline token stays valid (licence check v2); 0 = offline tokens off. */
  offlineDays: number;
}

/** The settings row as the services use it; the defaults apply if it is somehow missing. */
export function presentGlobalSettings(
  row: Omit<typeof settings.$inferSelect, 'id' | 'updatedAt'> | null | undefined,
): GlobalSettings {
  return {
    allowHWIDReset: row?.allowHwidReset ?? false,
    allowSettingsAccess: row?.allowSettingsAccess ?? false,
    hwidResetCooldownHours: row?.hwidResetCooldownHours ?? 24,
    offlineDays: row?.offlineDays ?? 0,
  };
}

/** The settings columns, for reads that join the single row instead of a query of their own. */
export const globalSettingsColumns = {
  allowHwidReset: settings.allowHwidReset,
  allowSettingsAccess: settings.allowSettingsAccess,
  hwidResetCooldownHours: settings.hwidResetCooldownHours,
  offlineDays: settings.offlineDays,
};

/** Reads the single settings row (seeded; defaults apply if it is somehow missing). */
export async function getGlobalSettings(db: Db): Promise<GlobalSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  return presentGlobalSettings(row);
}

/** Writes every setting at once (the spec's PUT sends the whole object). */
export async function saveGlobalSettings(db: Db, next: GlobalSettings): Promise<GlobalSettings> {
  await db
    .insert(settings)
    .values({
      id: 1,
      allowHwidReset: next.allowHWIDReset,
      allowSettingsAccess: next.allowSettingsAccess,
      hwidResetCooldownHours: next.hwidResetCooldownHours,
      offlineDays: next.offlineDays,
    })
    .onConflictDoUpdate({
      target: settings.id,
      set: {
        allowHwidReset: next.allowHWIDReset,
        allowSettingsAccess: next.allowSettingsAccess,
        hwidResetCooldownHours: next.hwidResetCooldownHours,
        offlineDays: next.offlineDays,
        updatedAt: new Date(),
      },
    });
  return getGlobalSettings(db);
}
