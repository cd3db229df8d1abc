import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, createUser, rows, type TestContext } from '../../../test/harness';
import { users } from '../../db/schema';

describe('POST /api/register', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const register = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/register', payload: payload as object });

  it('creates a Member with an argon2id hash and no balance', async () => {
    const res = await register({ username: 'New_Member.1', password: 'a-long-password' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Registration successful',
      user: { username: 'New_Member.1' },
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.username, 'New_Member.1'));
    expect(row).toMatchObject({ role: 'Member', balanceCents: 0, twoFactorEnabled: false });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a taken username, case-insensitively, with a field error', async () => {
    await createUser(ctx, { username: 'TakenName' });
    const res = await register({ username: 'takenname', password: 'a-long-password' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Username is already taken',
      errors: { username: 'Username is already taken' },
    });
  });

  it.each([
    [
      { username: 'ab', password: 'a-long-password' },
      'username',
      'Username must be at least 3 characters',
    ],
    [
      { username: 'a'.repeat(25), password: 'a-long-password' },
      'username',
      'Username must be at most 24 characters',
    ],
    [
      { username: 'bad name!', password: 'a-long-password' },
      'username',
      'Username may only contain letters, digits, _, - and .',
    ],
    [
      { username: 'gooduser', password: 'short' },
      'password',
      'Password must be at least 8 characters',
    ],
    [
      { username: 'gooduser', password: 'x'.repeat(129) },
      'password',
      'Password must be at most 128 characters',
    ],
    [{ password: 'a-long-password' }, 'username', 'Username is required'],
  ])('rejects %j with errors.%s', async (payload, field, message) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(res.json().message).toBe(message);
  });

  it('refuses mass-assigned fields such as role and balance', async () => {
    const res = await register({ username: 'sneaky', password: 'a-long-password', role: 'Owner' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('role');
    const [row] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from users where username = 'sneaky'`,
    );
    const n = row!.n;
    expect(n).toBe(0);
  });

  it('answers malformed JSON with a 400 message, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('two concurrent registrations of one name: exactly one wins', async () => {
    const results = await Promise.all(
      [0, 1, 2, 3].map(() => register({ username: 'RaceName', password: 'a-long-password' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });
});

describe('register rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('allows 10 sign-ups per address per 10 minutes, then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: `limit${i}`, password: 'a-long-password' },
      });
      statuses.push(res.statusCode);
      if (i === 10) {
        expect(res.json().message).toMatch(
          /^Too many attempts\. Please try again in \d+ seconds\.$/,
        );
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    const [row] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from users where username = 'limit10'`,
    );
    expect(row!.n).toBe(0);
  });
});
