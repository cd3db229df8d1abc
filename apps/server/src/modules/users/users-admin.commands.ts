import type { Role } from '@stellar/shared';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { badRequest } from '../../lib/http-errors';
import { writeAudit } from '../audit';
import { issueResetCode as newResetCode, registerUser } from '../auth';
import { createSession } from '../auth';
import { clearTwoFactor } from '../auth';
import { recordEvent } from '../events';
import {
  changeRole as applyRole,
  loadManageableUser,
  removeUser as deleteUser,
  setBanned,
} from './users-admin.service';

/** The acting staff member as the hierarchy rules see them (id and role of the session). */
const staffOf = (actor: Actor) => ({ id: actor.id ?? '', role: actor.role as Role });

const accessChanged = (userId: string, reason: string) => ({
  type: 'user.access_changed' as const,
  userId,
  subjectType: 'user',
  subjectId: userId,
  payload: { reason },
});

/** Changes a user's role within the hierarchy; audited, announced as an access change. */
export async function changeRole(db: Db, actor: Actor, input: { userId: string; role: Role }) {
  return db.transaction(async (tx) => {
    const { before, user } = await applyRole(tx, staffOf(actor), input.userId, input.role);
    await writeAudit(tx, actor, {
      action: 'user.role',
      targetType: 'user',
      targetId: user._id,
      details: { username: user.username, from: before, to: user.role },
    });
    await recordEvent(tx, accessChanged(user._id, 'role'));
    return user;
  });
}

/** Bans (login refused, sessions ended) or unbans a user. */
export async function banUser(
  db: Db,
  actor: Actor,
  input: { userId: string; banned: boolean; reason?: string },
) {
  return db.transaction(async (tx) => {
    const user = await setBanned(tx, staffOf(actor), input.userId, input.banned, input.reason);
    await writeAudit(tx, actor, {
      action: input.banned ? 'user.ban' : 'user.unban',
      targetType: 'user',
      targetId: user._id,
      details: input.banned
        ? { username: user.username, reason: input.reason ?? null }
        : { username: user.username },
    });
    await recordEvent(tx, accessChanged(user._id, input.banned ? 'ban' : 'unban'));
    return user;
  });
}

/** Deletes an account (cascade) and records who did it. */
export async function removeUser(db: Db, actor: Actor, input: { userId: string }) {
  return db.transaction(async (tx) => {
    const removed = await deleteUser(tx, staffOf(actor), input.userId);
    await writeAudit(tx, actor, {
      action: 'user.remove',
      targetType: 'user',
      targetId: removed.id,
      details: { username: removed.username, role: removed.role },
    });
    await recordEvent(tx, accessChanged(removed.id, 'remove'));
    return removed;
  });
}

/** Turns off a user's second factor. */
export async function resetTwoFactor(db: Db, actor: Actor, input: { userId: string }) {
  return db.transaction(async (tx) => {
    const target = await loadManageableUser(tx, staffOf(actor), input.userId);
    await clearTwoFactor(tx, target.id);
    await writeAudit(tx, actor, {
      action: 'user.reset_2fa',
      targetType: 'user',
      targetId: target.id,
      details: { username: target.username },
    });
    return target;
  });
}

/** Issues a one-time password reset code; the code itself never goes into the audit log. */
export async function issueResetCode(db: Db, actor: Actor, input: { userId: string }) {
  return db.transaction(async (tx) => {
    const target = await loadManageableUser(tx, staffOf(actor), input.userId);
    const { code, expiresAt } = await newResetCode(tx, target.id);
    await writeAudit(tx, actor, {
      action: 'user.reset_code',
      targetType: 'user',
      targetId: target.id,
      details: { username: target.username, expiresAt: expiresAt.toISOString() },
    });
    return { code, expiresAt };
  });
}

/** Creates an account for someone; they must choose a new password at first login. */
export async function createStaffAccount(
  db: Db,
  actor: Actor,
  input: Omit<Parameters<typeof registerUser>[1], 'mustChangePassword'>,
) {
  return db.transaction(async (tx) => {
    const user = await registerUser(tx, { ...input, mustChangePassword: true });
    await writeAudit(tx, actor, {
      action: 'user.create',
      targetType: 'user',
      targetId: user._id,
      details: { username: user.username },
    });
    return user;
  });
}

/** Opens an impersonation session on a manageable, non-banned account. */
export async function loginAs(db: Db, actor: Actor, input: { userId: string; userAgent?: string }) {
  return db.transaction(async (tx) => {
    const target = await loadManageableUser(tx, staffOf(actor), input.userId);
    if (target.bannedAt) throw badRequest('This account has been banned.');
    const token = await createSession(tx, target.id, {
      impersonatedBy: actor.id ?? undefined,
      ip: actor.ip ?? undefined,
      userAgent: input.userAgent,
    });
    await writeAudit(tx, actor, {
      action: 'user.login_as',
      targetType: 'user',
      targetId: target.id,
      details: { username: target.username },
    });
    return { token, target };
  });
}
