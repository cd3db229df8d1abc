import { and, eq, isNull } from 'drizzle-orm';
import {
  LICENCE_ALREADY_REVOKED,
  LICENCE_REVOKED_MESSAGE,
  REVOKE_NOT_FOUND,
  VOUCHER_ALREADY_REVOKED,
  VOUCHER_REVOKED_MESSAGE,
  type RevokeBody,
} from '@stellar/shared';
import type { Db } from '../../db/client';
import { licenceKeys, licences } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/http-errors';
import { normaliseKeyCode } from '../../lib/key-code';
import { writeAudit } from '../audit';
import { recordEvent } from '../events';

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
