import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { writeAudit } from '../audit';
import { recordEvent } from '../events';
import { getGlobalSettings, saveGlobalSettings, type GlobalSettings } from './settings.service';

/**
 * Saves the global product settings; audited with before/after and announced (settings.changed).
 * A setting left undefined (offlineDays, from a form that predates it) keeps its value.
 */
export async function updateSettings(
  db: Db,
  actor: Actor,
  next: Omit<GlobalSettings, 'offlineDays'> & { offlineDays?: number },
  present: (s: GlobalSettings) => Record<string, unknown>,
): Promise<GlobalSettings> {
  return db.transaction(async (tx) => {
    const before = await getGlobalSettings(tx);
    const saved = await saveGlobalSettings(tx, {
      ...next,
      offlineDays: next.offlineDays ?? before.offlineDays,
    });
    await writeAudit(tx, actor, {
      action: 'settings.update',
      targetType: 'settings',
      details: { before: present(before), after: present(saved) },
    });
    await recordEvent(tx, { type: 'settings.changed', subjectType: 'settings', payload: {} });
    return saved;
  });
}
