import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  DEFAULT_PASSWORD,
  loginAs,
  signedIn,
  totpCode,
  type TestContext,
} from '../../../test/harness';
import { sessions } from '../../db/schema';
import { issueResetCode } from './auth.service';

describe('change and reset password', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const me = (token: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/users/user',
      headers: { authorization: `Bearer ${token}` },
    });
  const login = (username: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  const reset = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });

  it('change-password needs the current password, keeps this session and revokes the others', async () => {
    const { user, auth, token } = await signedIn(ctx);
    const other = await loginAs(ctx, user.username);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: auth,
      payload: { currentPassword: 'bad', newPassword: 'brand-new-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'Current password is incorrect.',
      errors: { currentPassword: 'Current password is incorrect.' },
    });
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: auth,
      payload: { currentPassword: DEFAULT_PASSWORD, newPassword: 'brand-new-password' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(user.username, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.username, 'brand-new-password')).statusCode).toBe(200);
  });

  it('reset with a staff-issued one-time code works once, within its hour, and signs out every session', async () => {
    const user = await createUser(ctx);
    const token = await loginAs(ctx, user.username);
    const { code, expiresAt } = await issueResetCode(ctx.db, user.id);
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    const ok = await reset({
      username: user.username,
      code: code.toLowerCase(),
      newPassword: 'reset-password-1',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Your password has been reset. You can now log in.' });
    expect((await me(token)).statusCode).toBe(401);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(
      0,
    );
    expect((await login(user.username, 'reset-password-1')).statusCode).toBe(200);
    const reused = await reset({ username: user.username, code, newPassword: 'reset-password-2' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      message: 'Invalid username or code.',
      errors: { code: 'Invalid username or code.' },
    });
  });

  it('an expired staff code is refused', async () => {
    const user = await createUser(ctx);
    const { code } = await issueResetCode(ctx.db, user.id);
    await ctx.db.execute(
      sql`update users set reset_code_expires_at = now() - interval '1 minute' where id = ${user.id}`,
    );
    const res = await reset({ username: user.username, code, newPassword: 'reset-password-1' });
    expect(res.statusCode).toBe(400);
    expect((await login(user.username, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('reset with a 2FA code (once) for an account with 2FA', async () => {
    const { user, auth } = await signedIn(ctx);
    const { secret } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/2fa/setup',
        headers: auth,
        payload: { password: user.password },
      })
    ).json();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      headers: auth,
      payload: { code: totpCode(secret) },
    });
    const code = totpCode(secret, 1);
    expect(
      (await reset({ username: user.username, code, newPassword: 'via-totp-pass' })).statusCode,
    ).toBe(200);
    expect(
      (await reset({ username: user.username, code, newPassword: 'via-totp-again' })).statusCode,
    ).toBe(400);
  });

  it('an unknown user or a guessed code gets the same 400, and nothing changes', async () => {
    const user = await createUser(ctx);
    const unknown = await reset({
      username: 'no-such-user',
      code: 'ABC123',
      newPassword: 'whatever-pass',
    });
    const guessed = await reset({
      username: user.username,
      code: 'ABC123',
      newPassword: 'whatever-pass',
    });
    expect(unknown.json()).toEqual(guessed.json());
    expect(guessed.statusCode).toBe(400);
    expect((await login(user.username, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('a too-short new password is a field error', async () => {
    const res = await reset({ username: 'anyone', code: 'ABC123', newPassword: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.newPassword).toBe('Password must be at least 8 characters');
  });
});

describe('reset rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('5 guesses per username from one address per 15 minutes, then 429 even with the right code', async () => {
    const user = await createUser(ctx);
    const reset = (code: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { username: user.username, code, newPassword: 'new-password-1' },
      });
    for (let i = 0; i < 5; i++) expect((await reset(`WRONG${i}`)).statusCode).toBe(400);
    const { code } = await issueResetCode(ctx.db, user.id);
    const limited = await reset(code);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('a valid staff-issued code is never refused because someone else guessed elsewhere', async () => {
    const user = await createUser(ctx);
    const reset = (code: string, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { username: user.username, code, newPassword: 'new-password-2' },
        remoteAddress,
      });
    for (let i = 0; i < 6; i++) await reset(`WRONG${i}`, '10.78.0.1');
    const { code } = await issueResetCode(ctx.db, user.id);
    expect((await reset(code, '10.78.0.9')).statusCode).toBe(200);
  });
});
