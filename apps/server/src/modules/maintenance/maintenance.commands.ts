import type { MaintenancePage } from '@stellar/shared';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { writeAudit } from '../audit';
import { recordEvent } from '../events';
import { setMaintenance as applyMaintenance } from './maintenance.service';

/** Turns one page's maintenance switch on or off; audited and announced (maintenance.changed). */
export async function setMaintenance(
  db: Db,
  actor: Actor,
  input: { page: MaintenancePage; enabled: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    await applyMaintenance(tx, input.page, input.enabled, actor.id);
    await writeAudit(tx, actor, {
      action: `maintenance.${input.enabled ? 'enable' : 'disable'}`,
      targetType: 'page',
      targetId: input.page,
    });
    await recordEvent(tx, {
      type: 'maintenance.changed',
      subjectType: 'page',
      subjectId: input.page,
      payload: { page: input.page, enabled: input.enabled },
    });
  });
}
