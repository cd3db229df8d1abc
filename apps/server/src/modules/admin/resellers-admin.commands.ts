import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { writeAudit } from '../audit';
import { recordEvent } from '../events';
import { adjustBalance, grantProduct, revokeProduct } from './resellers-admin.service';

/** Lets a reseller sell a product. */
export async function grantResellerProduct(
  db: Db,
  actor: Actor,
  input: { userId: string; productId: string },
) {
  return db.transaction(async (tx) => {
    const { user, product } = await grantProduct(tx, input.userId, input.productId);
    await writeAudit(tx, actor, {
      action: 'reseller.grant',
      targetType: 'user',
      targetId: user.id,
      details: { username: user.username, product: product.title },
    });
    return { user, product };
  });
}

/** Stops a reseller selling a product. */
export async function revokeResellerProduct(
  db: Db,
  actor: Actor,
  input: { userId: string; productId: string },
) {
  return db.transaction(async (tx) => {
    const user = await revokeProduct(tx, input.userId, input.productId);
    await writeAudit(tx, actor, {
      action: 'reseller.revoke',
      targetType: 'user',
      targetId: input.userId,
      details: { username: user.username, productId: input.productId },
    });
    return user;
  });
}

/**
 * Credits (amount > 0) or debits a reseller's balance with a ledger row; the balance never goes
 * below zero (guard in SQL); audited and announced (reseller.balance.changed).
 */
export async function creditBalance(
  db: Db,
  actor: Actor,
  input: { userId: string; amount: number; reason: string },
) {
  return db.transaction(async (tx) => {
    const { balance, username } = await adjustBalance(
      tx,
      input.userId,
      input.amount,
      input.reason,
      actor.id,
    );
    await writeAudit(tx, actor, {
      action: input.amount > 0 ? 'reseller.credit' : 'reseller.debit',
      targetType: 'user',
      targetId: input.userId,
      details: { username, amount: input.amount, reason: input.reason, balance },
    });
    await recordEvent(tx, {
      type: 'reseller.balance.changed',
      userId: input.userId,
      resellerId: input.userId,
      subjectType: 'user',
      subjectId: input.userId,
      payload: { balance, delta: input.amount, reason: 'admin_adjustment', note: input.reason },
    });
    return { balance };
  });
}
