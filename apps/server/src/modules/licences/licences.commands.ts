import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { licenceMachines, licences } from '../../db/schema';
import type { UserActor } from '../../lib/actor';
import { conflict, forbidden, HttpError } from '../../lib/http-errors';
import { recordEvent } from '../events';
import { getGlobalSettings } from '../settings';
import {
  findOwnLicence,
  HOUR,
  HWID_NOT_BOUND,
  HWID_RESET_DISABLED,
  HWID_RESET_DONE,
  nextResetAt,
} from './licences.service';

function cooldownError(next: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((next.getTime() - Date.now()) / 1000));
  return new HttpError(
    429,
    `You can reset your HWID again after ${next.toISOString()}.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/** Unbinds the member's machine when resets are allowed and the cooldown has passed. */
export async function resetHwid(db: Db, actor: UserActor, id: string) {
  const userId = actor.id;
  const settings = await getGlobalSettings(db);
  if (!settings.allowHWIDReset) throw forbidden(HWID_RESET_DISABLED);
  const licence = await findOwnLicence(db, userId, id);
  const cooldownMs = settings.hwidResetCooldownHours * HOUR;
  const now = new Date();
  const waiting = nextResetAt(licence.lastHwidResetAt, settings.hwidResetCooldownHours, now);
  if (waiting) throw cooldownError(waiting);
  if (!licence.hwid) throw conflict(HWID_NOT_BOUND);
  // The cooldown is re-checked in SQL, so two resets racing cannot both pass it.
  const done = await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(licences)
      .set({ hwid: null, hwidBoundAt: null, lastHwidResetAt: now })
      .where(
        and(
          eq(licences.id, licence.id),
          or(
            isNull(licences.lastHwidResetAt),
            lte(licences.lastHwidResetAt, new Date(now.getTime() - cooldownMs)),
          ),
        ),
      )
      .returning({ id: licences.id, productId: licences.productId });
    if (reset) {
      // The machines table (licence check v2) forgets them too, or they would keep their slots.
      await tx.delete(licenceMachines).where(eq(licenceMachines.licenceId, reset.id));
      await recordEvent(tx, {
        type: 'hwid.reset',
        userId,
        subjectType: 'licence',
        subjectId: reset.id,
        payload: { licenceId: reset.id, productId: reset.productId },
      });
    }
    return reset;
  });
  if (!done) {
    const fresh = await findOwnLicence(db, userId, id);
    throw cooldownError(
      nextResetAt(fresh.lastHwidResetAt, settings.hwidResetCooldownHours) ?? new Date(),
    );
  }
  return {
    message: HWID_RESET_DONE,
    nextResetAt: cooldownMs > 0 ? new Date(now.getTime() + cooldownMs).toISOString() : null,
  };
}
