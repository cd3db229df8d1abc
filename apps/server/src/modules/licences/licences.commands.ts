import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import {
  LICENCE_ALREADY_REVOKED,
  LICENCE_REVOKED_MESSAGE,
  MACHINE_NOT_FOUND,
  MACHINE_REMOVED,
  REVOKE_NOT_FOUND,
  VOUCHER_ALREADY_REVOKED,
  VOUCHER_REVOKED_MESSAGE,
  type RevokeBody,
} from '@stellar/shared';
import type { Db } from '../../db/client';
import { licenceKeys, licenceMachines, licences, plans, products } from '../../db/schema';
import type { Actor, UserActor } from '../../lib/actor';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http-errors';
import { normaliseKeyCode } from '../../lib/key-code';
import { writeAudit } from '../audit';
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

export const UNKNOWN_PRODUCT = 'Unknown product.';
export const UNKNOWN_PLAN = 'Unknown plan.';

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

/** The person behind an action: through login-as, the staff member rather than the account. */
const realPersonId = (actor: Actor) => actor.impersonator?.id ?? actor.id;

/**
 * Revokes by key: a licence key (STLL-...) revokes its licence; a voucher code revokes the voucher
 * while unredeemed, else the licence it created. One guarded UPDATE each (revoked_at IS NULL), the
 * audit row and the licence.revoked event in the same transaction.
 */
export async function revokeByKey(
  db: Db,
  actor: Actor,
  input: RevokeBody,
): Promise<{ message: string; revoked: 'licence' | 'voucher'; id: string }> {
  const code = normaliseKeyCode(input.key);
  return db.transaction(async (tx) => {
    const [byLicenceKey] = await tx
      .select({ id: licences.id })
      .from(licences)
      .where(eq(licences.licenceKey, code));
    let licenceId = byLicenceKey?.id ?? null;
    if (!licenceId) {
      const [voucher] = await tx
        .select({ id: licenceKeys.id, licenceId: licenceKeys.licenceId })
        .from(licenceKeys)
        .where(eq(licenceKeys.code, code));
      if (!voucher) throw notFound(REVOKE_NOT_FOUND);
      const [revoked] = await tx
        .update(licenceKeys)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(licenceKeys.id, voucher.id),
            isNull(licenceKeys.redeemedAt),
            isNull(licenceKeys.revokedAt),
          ),
        )
        .returning({ id: licenceKeys.id, productId: licenceKeys.productId });
      if (revoked) {
        await writeAudit(tx, actor, {
          action: 'voucher.revoke',
          targetType: 'licence_key',
          targetId: revoked.id,
          details: { productId: revoked.productId, reason: input.reason },
        });
        return { message: VOUCHER_REVOKED_MESSAGE, revoked: 'voucher' as const, id: revoked.id };
      }
      // Redeemed (now or before): the licence it created is what the tool uses.
      const [now] = await tx
        .select({ licenceId: licenceKeys.licenceId, revokedAt: licenceKeys.revokedAt })
        .from(licenceKeys)
        .where(eq(licenceKeys.id, voucher.id));
      if (!now?.licenceId) throw conflict(VOUCHER_ALREADY_REVOKED);
      licenceId = now.licenceId;
    }
    const [licence] = await tx
      .update(licences)
      .set({ revokedAt: new Date(), revokeReason: input.reason, revokedBy: realPersonId(actor) })
      .where(and(eq(licences.id, licenceId), isNull(licences.revokedAt)))
      .returning({ id: licences.id, userId: licences.userId, productId: licences.productId });
    if (!licence) throw conflict(LICENCE_ALREADY_REVOKED);
    await writeAudit(tx, actor, {
      action: 'licence.revoke',
      targetType: 'licence',
      targetId: licence.id,
      details: { productId: licence.productId, userId: licence.userId, reason: input.reason },
    });
    await recordEvent(tx, {
      type: 'licence.revoked',
      userId: licence.userId,
      subjectType: 'licence',
      subjectId: licence.id,
      payload: { licenceId: licence.id, productId: licence.productId, reason: input.reason },
    });
    return { message: LICENCE_REVOKED_MESSAGE, revoked: 'licence' as const, id: licence.id };
  });
}

/** Staff set a product's variables (returned inside VALID answers of the licence check). */
export async function setProductVariables(
  db: Db,
  actor: Actor,
  productId: string,
  variables: Record<string, unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ variables })
      .where(eq(products.id, productId))
      .returning({ id: products.id });
    if (!row) throw notFound(UNKNOWN_PRODUCT);
    await writeAudit(tx, actor, {
      action: 'product.variables',
      targetType: 'product',
      targetId: productId,
      details: { bytes: JSON.stringify(variables).length },
    });
  });
}

/** Staff set how many machines a plan allows (licences created or extended from now on). */
export async function setPlanMachines(
  db: Db,
  actor: Actor,
  planId: string,
  maxMachines: number,
): Promise<void> {
  if (!UUID.test(planId)) throw notFound(UNKNOWN_PLAN);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(plans)
      .set({ maxMachines })
      .where(eq(plans.id, planId))
      .returning({ id: plans.id, productId: plans.productId, name: plans.name });
    if (!row) throw notFound(UNKNOWN_PLAN);
    await writeAudit(tx, actor, {
      action: 'plan.machines',
      targetType: 'plan',
      targetId: planId,
      details: { productId: row.productId, plan: row.name, maxMachines },
    });
  });
}
