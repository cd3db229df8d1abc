import { asc, eq } from 'drizzle-orm';
import type { MaintenancePage, MaintenanceStatus } from '@stellar/shared';
import type { Db } from '../../db/client';
import { maintenance } from '../../db/schema';

/** Every page's switch, as the shell reads it. */
export async function getMaintenanceStatus(db: Db): Promise<MaintenanceStatus> {
  const rowsOut = await db.select().from(maintenance).orderBy(asc(maintenance.page));
  return Object.fromEntries(rowsOut.map((r) => [r.page, r.enabled]));
}

/** Turns one page's switch on or off; returns whether it changed. */
export async function setMaintenance(
  db: Db,
  page: MaintenancePage,
  enabled: boolean,
  actorId: string | null,
): Promise<boolean> {
  const changed = await db
    .update(maintenance)
    .set({ enabled, updatedAt: new Date(), updatedBy: actorId })
    .where(eq(maintenance.page, page))
    .returning({ page: maintenance.page });
  return changed.length === 1;
}
