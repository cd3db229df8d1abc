import { MESSAGES } from '@stellar/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { digestEquals, randomCode, sha256 } from '../../lib/crypto';
import { badRequest, conflict, HttpError } from '../../lib/http-errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { createSession, revokeUserSessions } from './sessions.service';
import { checkSecondFactor, INVALID_2FA_CODE } from './two-factor.service';

export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const ACCOUNT_BANNED = 'This account has been banned.';
export const TWO_FACTOR_REQUIRED = MESSAGES.twoFactorRequired;
export const USERNAME_TAKEN = 'Username is already taken';
export const INVALID_RESET = 'Invalid username or code.';
export const RESET_CODE_TTL_MS = 60 * 60 * 1000;

export const findUserByUsername = async (db: Db, username: string) =>
  (
    await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
      .limit(1)
  )[0];

/** Creates a Member (or, for staff-created accounts, one that must pick a new password). */
export async function registerUser(
  db: Db,
  input: { username: string; password: string; mustChangePassword?: boolean },
) {
  const passwordHash = await hashPassword(input.password);
  const [created] = await db
    .insert(users)
    .values({
      username: input.username,
      passwordHash,
      mustChangePassword: input.mustChangePassword ?? false,
    })
    .onConflictDoNothing()
    .returning({ _id: users.id, username: users.username });
  if (!created) throw conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
  return created;
}

interface LoginInput {
  username: string;
  password: string;
  twoFactorCode?: string;
}
interface RequestMeta {
  ip: string;
  userAgent?: string;
}
export type LoginResult =
  { token: string; mustChangePassword: boolean } | { twoFactorEnabled: true; message: string };

/** Password, then ban, then second factor; unknown user and wrong password look the same. */
export async function login(
  db: Db,
  key: Buffer,
  input: LoginInput,
  meta: RequestMeta,
): Promise<LoginResult> {
  const user = await findUserByUsername(db, input.username);
  if (!user) {
    await burnPasswordCheck(input.password);
    throw new HttpError(401, INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(user.passwordHash, input.password)))
    throw new HttpError(401, INVALID_CREDENTIALS);
  if (user.bannedAt) throw new HttpError(403, ACCOUNT_BANNED);
  if (user.twoFactorEnabled) {
    const code = input.twoFactorCode?.trim();
    if (!code) return { twoFactorEnabled: true, message: TWO_FACTOR_REQUIRED };
    if (!(await checkSecondFactor(db, key, user, code))) {
      throw new HttpError(401, INVALID_2FA_CODE, { twoFactorCode: INVALID_2FA_CODE });
    }
  }
  const token = await createSession(db, user.id, meta);
  return { token, mustChangePassword: user.mustChangePassword };
}

/** Sets a new password and signs out every other session of the user. */
export async function changePassword(
  db: Db,
  userId: string,
  sessionId: string,
  input: { currentPassword: string; newPassword: string },
) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest('Current password is incorrect.', {
      currentPassword: 'Current password is incorrect.',
    });
  }
  await setPassword(db, userId, input.newPassword);
  await revokeUserSessions(db, userId, sessionId);
}

async function setPassword(db: Db, userId: string, password: string) {
  const now = new Date();
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      mustChangePassword: false,
      resetCodeHash: null,
      resetCodeExpiresAt: null,
      passwordChangedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** Staff-issued one-time reset code (6 uppercase alphanumerics, 1 hour); only its hash is kept. */
export async function issueResetCode(
  db: Db,
  userId: string,
): Promise<{ code: string; expiresAt: Date }> {
  const code = randomCode(6);
  const expiresAt = new Date(Date.now() + RESET_CODE_TTL_MS);
  await db
    .update(users)
    .set({ resetCodeHash: sha256(code), resetCodeExpiresAt: expiresAt })
    .where(eq(users.id, userId));
  return { code, expiresAt };
}

/** Consumes a staff-issued reset code in one guarded UPDATE (so it works once). */
async function consumeResetCode(
  db: Db,
  userId: string,
  code: string,
  storedHash: string | null,
): Promise<boolean> {
  const normalised = code.trim().toUpperCase();
  if (!storedHash || !digestEquals(storedHash, sha256(normalised))) return false;
  const spent = await db
    .update(users)
    .set({ resetCodeHash: null, resetCodeExpiresAt: null })
    .where(
      and(
        eq(users.id, userId),
        eq(users.resetCodeHash, storedHash),
        gt(users.resetCodeExpiresAt, new Date()),
      ),
    )
    .returning({ id: users.id });
  return spent.length === 1;
}

/** Password reset without email: a 2FA/backup code, or a staff-issued one-time code. */
export async function resetPassword(
  db: Db,
  key: Buffer,
  input: { username: string; code: string; newPassword: string },
) {
  const user = await findUserByUsername(db, input.username);
  const valid =
    !!user &&
    !user.bannedAt &&
    ((await consumeResetCode(db, user.id, input.code, user.resetCodeHash)) ||
      (user.twoFactorEnabled && (await checkSecondFactor(db, key, user, input.code))));
  if (!user || !valid) throw badRequest(INVALID_RESET, { code: INVALID_RESET });
  await setPassword(db, user.id, input.newPassword);
  await revokeUserSessions(db, user.id);
}
