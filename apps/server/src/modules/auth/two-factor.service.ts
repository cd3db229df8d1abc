import { randomBytes } from 'node:crypto';
import { and, eq, isNull, or, lt } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { LIMITS } from '@stellar/shared';
import type { Db } from '../../db/client';
import { backupCodes, users } from '../../db/schema';
import { decrypt, encrypt, sha256 } from '../../lib/crypto';
import { badRequest, conflict } from '../../lib/http-errors';

const ISSUER = 'Stellar';
const PERIOD = 30;
export const INVALID_2FA_CODE = 'Invalid 2FA code.';

const totpFor = (username: string, base32: string) =>
  new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(base32),
  });

/** Starts 2FA setup: a fresh secret, sealed at rest, not trusted until verified. */
export async function setupTwoFactor(
  db: Db,
  key: Buffer,
  user: { id: string; username: string; twoFactorEnabled: boolean },
) {
  if (user.twoFactorEnabled) throw conflict('2FA is already enabled.');
  const secret = new Secret({ size: 20 }).base32;
  await db
    .update(users)
    .set({ twoFactorSecret: encrypt(key, secret), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  const qrCode = await QRCode.toDataURL(totpFor(user.username, secret).toString(), {
    margin: 1,
    width: 220,
  });
  return { qrCode, secret };
}

/**
 * Accepts a TOTP code once: the matching time step must be newer than the last one used,
 * claimed in one guarded UPDATE so two requests with one code cannot both pass.
 */
export async function consumeTotp(
  db: Db,
  key: Buffer,
  user: { id: string; username: string },
  sealedSecret: string | null,
  code: string,
): Promise<boolean> {
  if (!sealedSecret || !/^\d{6}$/.test(code)) return false;
  const totp = totpFor(user.username, decrypt(key, sealedSecret));
  const now = Date.now();
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  const claimed = await db
    .update(users)
    .set({ lastTotpStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.lastTotpStep), lt(users.lastTotpStep, step))))
    .returning({ id: users.id });
  return claimed.length === 1;
}

/** Spends an unused backup code (normalised: case and dashes ignored). */
export async function consumeBackupCode(db: Db, userId: string, code: string): Promise<boolean> {
  const normalised = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (normalised.length !== 10) return false;
  const spent = await db
    .update(backupCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(backupCodes.userId, userId),
        eq(backupCodes.codeHash, sha256(normalised)),
        isNull(backupCodes.usedAt),
      ),
    )
    .returning({ id: backupCodes.id });
  return spent.length === 1;
}

/** A TOTP code or, failing that, a backup code. */
export async function checkSecondFactor(
  db: Db,
  key: Buffer,
  user: { id: string; username: string; twoFactorSecret: string | null },
  code: string,
): Promise<boolean> {
  const trimmed = code.trim();
  if (await consumeTotp(db, key, user, user.twoFactorSecret, trimmed)) return true;
  return consumeBackupCode(db, user.id, trimmed);
}

const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newBackupCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => BACKUP_ALPHABET[b % BACKUP_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces a user's backup codes with ten new ones, returned once in clear. */
export async function regenerateBackupCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: LIMITS.backupCodeCount }, newBackupCode);
  await db.transaction(async (tx) => {
    await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
    await tx
      .insert(backupCodes)
      .values(codes.map((c) => ({ userId, codeHash: sha256(c.replace('-', '')) })));
  });
  return codes;
}

/** Finishes setup: the first good code enables 2FA and issues backup codes. */
export async function verifyTwoFactorSetup(
  db: Db,
  key: Buffer,
  userId: string,
  code: string,
): Promise<string[]> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.twoFactorSecret) throw badRequest('Start 2FA setup first.');
  if (user.twoFactorEnabled) throw conflict('2FA is already enabled.');
  if (!(await consumeTotp(db, key, user, user.twoFactorSecret, code.trim())))
    throw badRequest(INVALID_2FA_CODE, { code: INVALID_2FA_CODE });
  await db
    .update(users)
    .set({ twoFactorEnabled: true, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return regenerateBackupCodes(db, userId);
}

/** Turns 2FA off and forgets its secret and backup codes. */
export async function clearTwoFactor(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        twoFactorEnabled: false,
        twoFactorSecret: null,
        lastTotpStep: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
  });
}
