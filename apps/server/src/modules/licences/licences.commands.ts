import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { MACHINE_NOT_FOUND, MACHINE_REMOVED } from '@stellar/shared';
import type { Db } from '../../db/client';
import { licenceMachines, licences } from '../../db/schema';
import type { UserActor } from '../../lib/actor';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http-errors';
import { recordEvent } from '../events';
import { getGlobalSettings } from '../settings';
import {
  findOwnLicence,
  HOUR,
  HWID_NOT_BOUND,
  HWID_RESET_DISABLED,
  HWID_RESET_DONE,
  LICENCE_IS_REVOKED,
  nextResetAt,
  shortHwid,
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
  // A revoked licence binds no machine again, so there is nothing a reset could free.
  if (licence.revokedAt) throw conflict(LICENCE_IS_REVOKED);
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Removes one machine from the member's licence under the HWID reset rules (resets allowed, the
 * cooldown passed; it counts as a reset), so the tool can bind another machine in its slot.
 */
export async function removeMachine(db: Db, actor: UserActor, id: string, machineId: string) {
  const licence = await findOwnLicence(db, actor.id, id);
  if (licence.revokedAt) throw conflict(LICENCE_IS_REVOKED);
  const settings = await getGlobalSettings(db);
  if (!settings.allowHWIDReset) throw forbidden(HWID_RESET_DISABLED);
  if (!UUID.test(machineId)) throw notFound(MACHINE_NOT_FOUND);
  const cooldownMs = settings.hwidResetCooldownHours * HOUR;
  const now = new Date();
  const waiting = nextResetAt(licence.lastHwidResetAt, settings.hwidResetCooldownHours, now);
  if (waiting) throw cooldownError(waiting);
  await db
    .transaction(async (tx) => {
      const [machine] = await tx
        .delete(licenceMachines)
        .where(and(eq(licenceMachines.id, machineId), eq(licenceMachines.licenceId, licence.id)))
        .returning({ hwid: licenceMachines.hwid });
      if (!machine) throw notFound(MACHINE_NOT_FOUND);
      // The cooldown is re-checked in SQL, so two removals racing cannot both pass it.
      const [reset] = await tx
        .update(licences)
        .set({
          lastHwidResetAt: now,
          // licences.hwid mirrors the first bound machine (one-machine behaviour): free it too.
          hwid: sql`case when ${licences.hwid} = ${machine.hwid} then null else ${licences.hwid} end`,
          hwidBoundAt: sql`case when ${licences.hwid} = ${machine.hwid} then null else ${licences.hwidBoundAt} end`,
        })
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
      // Another reset won the race: throwing rolls the removal back.
      if (!reset) throw new CooldownRace();
      await recordEvent(tx, {
        type: 'hwid.reset',
        userId: actor.id,
        subjectType: 'licence',
        subjectId: reset.id,
        payload: {
          licenceId: reset.id,
          productId: reset.productId,
          machine: shortHwid(machine.hwid),
        },
      });
    })
    .catch(async (err: unknown) => {
      if (!(err instanceof CooldownRace)) throw err;
      const fresh = await findOwnLicence(db, actor.id, id);
      throw cooldownError(
        nextResetAt(fresh.lastHwidResetAt, settings.hwidResetCooldownHours) ?? new Date(),
      );
    });
  return {
    message: MACHINE_REMOVED,
    nextResetAt: cooldownMs > 0 ? new Date(now.getTime() + cooldownMs).toISOString() : null,
  };
}
class CooldownRace extends Error {}
