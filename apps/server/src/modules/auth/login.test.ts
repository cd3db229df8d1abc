import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  DEFAULT_PASSWORD,
  type TestContext,
} from '../../../test/harness';
import { sessions } from '../../db/schema';
import { sha256 } from '../../lib/crypto';

describe('POST /api/auth/login and logout', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const login = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload });
  const loginFrom = (remoteAddress: string, username: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      remoteAddress,
    });

  it('gives a token whose hash (not the token) is stored as a session', async () => {
    const user = await createUser(ctx);
    const res = await login({
      username: user.username.toUpperCase(),
      password: DEFAULT_PASSWORD,
      twoFactorCode: '',
    });
    expect(res.statusCode).toBe(200);
    const { token, mustChangePassword } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mustChangePassword).toBe(false);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      _id: user.id,
      username: user.username,
      role: 'Member',
      twoFactorEnabled: false,
      balance: 0,
    });
    expect(Object.keys(me.json())).not.toContain('passwordHash');
  });

  it('wrong password and unknown user get the same 401 in similar time', async () => {
    const user = await createUser(ctx);
    const time = async (payload: object) => {
      const start = performance.now();
      const res = await login(payload);
      return { res, ms: performance.now() - start };
    };
    await time({ username: 'warmup-nobody', password: 'x' });
    const wrong = await time({ username: user.username, password: 'wrong-password' });
    const unknown = await time({ username: 'nobody-here', password: 'wrong-password' });
    for (const { res } of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid username or password.' });
    }
    // Both paths run one argon2 verification; without it the unknown user answers in ~1 ms.
    expect(unknown.ms).toBeGreaterThan(wrong.ms / 4);
  });

  it('refuses a banned account with the spec message, after the password check', async () => {
    const user = await createUser(ctx, { bannedAt: new Date(), banReason: 'chargeback' });
    const res = await login({ username: user.username, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This account has been banned.' });
    const wrong = await login({ username: user.username, password: 'not-it' });
    expect(wrong.json()).toEqual({ message: 'Invalid username or password.' });
  });

  it('logout revokes the session: the same token then gets 401', async () => {
    const user = await createUser(ctx);
    const { token } = (await login({ username: user.username, password: DEFAULT_PASSWORD })).json();
    const headers = { authorization: `Bearer ${token}` };
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Logged out' });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/user', headers });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: 'Your session has expired. Please log in again.' });
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(
      0,
    );
  });

  it('rate-limits guesses per username and address with 429 and Retry-After', async () => {
    const user = await createUser(ctx);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await login({ username: user.username, password: 'guess' })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    const limited = await login({ username: user.username, password: DEFAULT_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(300);
    expect(limited.json().message).toMatch(
      /^Too many attempts\. Please try again in \d+ seconds\.$/,
    );
    // Another account from the same address is not locked by it.
    const other = await createUser(ctx);
    expect((await login({ username: other.username, password: DEFAULT_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('a stranger guessing from one address never locks the owner out from another', async () => {
    const user = await createUser(ctx);
    const from = (remoteAddress: string, password: string) =>
      loginFrom(remoteAddress, user.username, password);
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await from('10.77.0.1', 'guess')).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.slice(10)).toEqual([429, 429]);
    const owner = await from('10.77.0.2', DEFAULT_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toEqual(expect.any(String));
  });

  it('counts IPv6 addresses by their /64', async () => {
    const user = await createUser(ctx);
    const from = (remoteAddress: string, password: string) =>
      loginFrom(remoteAddress, user.username, password);
    for (let i = 1; i <= 10; i++) {
      expect((await from(`2001:db8:1:2::${i.toString(16)}`, 'guess')).statusCode).toBe(401);
    }
    // Another address of the same /64 is the same guesser; another /64 is someone else.
    expect((await from('2001:db8:1:2:ffff::1', DEFAULT_PASSWORD)).statusCode).toBe(429);
    expect((await from('2001:db8:1:3::1', DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('answers missing fields with 400 and field errors', async () => {
    const res = await login({ username: 'someone' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('password');
  });
});
