import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  DEFAULT_PASSWORD,
  reloadUser,
  signedIn,
  totpCode,
  type TestContext,
} from '../../../test/harness';
import { backupCodes } from '../../db/schema';
import { sha256 } from '../../lib/crypto';

describe('2FA setup, verify, login, disable', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const post = (url: string, headers: object, payload?: object) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: headers as Record<string, string>,
      ...(payload ? { payload } : {}),
    });

  /** A signed-in member with 2FA enabled: returns the secret and backup codes too. */
  async function enrolled() {
    const member = await signedIn(ctx);
    const setup = (
      await post('/api/auth/2fa/setup', member.auth, { password: member.user.password })
    ).json();
    const verify = await post('/api/auth/2fa/verify', member.auth, {
      code: totpCode(setup.secret),
    });
    return {
      ...member,
      secret: setup.secret as string,
      backupCodes: verify.json().backupCodes as string[],
    };
  }

  it('setup returns a PNG QR and a base32 secret that is stored encrypted, not enabled yet', async () => {
    const member = await signedIn(ctx);
    const res = await post('/api/auth/2fa/setup', member.auth, { password: member.user.password });
    expect(res.statusCode).toBe(200);
    const { qrCode, secret } = res.json();
    expect(qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const row = await reloadUser(ctx, member.user.id);
    expect(row!.twoFactorEnabled).toBe(false);
    expect(row!.twoFactorSecret).toBeTruthy();
    expect(row!.twoFactorSecret).not.toContain(secret);
  });

  it('verify refuses a wrong code and enables 2FA with a right one, returning 10 hashed backup codes', async () => {
    const member = await signedIn(ctx);
    const { secret } = (
      await post('/api/auth/2fa/setup', member.auth, { password: member.user.password })
    ).json();
    const wrong = await post('/api/auth/2fa/verify', member.auth, {
      code: '000000' === totpCode(secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'Invalid 2FA code.',
      errors: { code: 'Invalid 2FA code.' },
    });
    const ok = await post('/api/auth/2fa/verify', member.auth, { code: totpCode(secret) });
    expect(ok.statusCode).toBe(200);
    const { verified, backupCodes: codes } = ok.json();
    expect(verified).toBe(true);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await ctx.db
      .select()
      .from(backupCodes)
      .where(eq(backupCodes.userId, member.user.id));
    expect(stored.map((s) => s.codeHash).sort()).toEqual(
      codes.map((c: string) => sha256(c.replace('-', ''))).sort(),
    );
    expect((await reloadUser(ctx, member.user.id))!.twoFactorEnabled).toBe(true);
    const again = await post('/api/auth/2fa/setup', member.auth, {
      password: member.user.password,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: '2FA is already enabled.' });
  });

  it('login asks for the code, accepts a fresh one, and refuses the same code twice (replay)', async () => {
    const { user, secret } = await enrolled();
    const login = (twoFactorCode?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: {
          username: user.username,
          password: DEFAULT_PASSWORD,
          ...(twoFactorCode !== undefined ? { twoFactorCode } : {}),
        },
      });
    const challenge = await login();
    expect(challenge.statusCode).toBe(200);
    expect(challenge.json()).toEqual({
      twoFactorEnabled: true,
      message: '2FA code is required. Please enter your code.',
    });
    expect((await login('')).json()).toHaveProperty('twoFactorEnabled', true);
    // The current step was spent by verify; the next step's code is still inside the window.
    const code = totpCode(secret, 1);
    const ok = await login(code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toBeTruthy();
    const replay = await login(code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      message: 'Invalid 2FA code.',
      errors: { twoFactorCode: 'Invalid 2FA code.' },
    });
    // A code of an older step than the last one used is refused too.
    expect((await login(totpCode(secret, 0))).statusCode).toBe(401);
  });

  it('a backup code logs in once only', async () => {
    const { user, backupCodes: codes } = await enrolled();
    const login = (twoFactorCode: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password: DEFAULT_PASSWORD, twoFactorCode },
      });
    const first = await login(codes[0]!.toUpperCase());
    expect(first.statusCode).toBe(200);
    expect(first.json().token).toBeTruthy();
    const second = await login(codes[0]!);
    expect(second.statusCode).toBe(401);
    expect((await login(codes[1]!)).statusCode).toBe(200);
  });

  it('disable needs the password and a valid code; then login needs no code', async () => {
    const { user, auth, secret } = await enrolled();
    const badPassword = await post('/api/auth/2fa/disable', auth, {
      password: 'nope',
      code: totpCode(secret, 1),
    });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().message).toBe('Password is incorrect.');
    const badCode = await post('/api/auth/2fa/disable', auth, {
      password: DEFAULT_PASSWORD,
      code: '12345',
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toBe('Invalid 2FA code.');
    const ok = await post('/api/auth/2fa/disable', auth, {
      password: DEFAULT_PASSWORD,
      code: totpCode(secret, 1),
    });
    expect(ok.statusCode).toBe(200);
    const row = await reloadUser(ctx, user.id);
    expect(row).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null });
    expect(
      await ctx.db.select().from(backupCodes).where(eq(backupCodes.userId, user.id)),
    ).toHaveLength(0);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: DEFAULT_PASSWORD },
    });
    expect(login.json().token).toBeTruthy();
  });

  it('new backup codes replace the old ones', async () => {
    const { auth, secret, backupCodes: old } = await enrolled();
    const res = await post('/api/auth/2fa/backup-codes', auth, { code: totpCode(secret, 1) });
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().backupCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => old.includes(c))).toBe(false);
  });

  it('every 2FA call needs a session', async () => {
    for (const url of [
      '/api/auth/2fa/setup',
      '/api/auth/2fa/verify',
      '/api/auth/2fa/disable',
      '/api/auth/2fa/backup-codes',
    ]) {
      const res = await post(url, {}, { code: '123456', password: 'x' });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ message: 'Authentication required.' });
    }
  });
});
