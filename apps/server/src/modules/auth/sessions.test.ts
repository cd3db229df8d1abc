import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signedIn, type TestContext } from '../../../test/harness';
import { sessions, users } from '../../db/schema';

describe('sessions and the signed-in user', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const me = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/api/users/user', headers });
  const EXPIRED = { message: 'Your session has expired. Please log in again.' };

  it('no token, a malformed header or an unknown token get 401', async () => {
    expect((await me()).json()).toEqual({ message: 'Authentication required.' });
    expect((await me()).statusCode).toBe(401);
    expect((await me({ authorization: 'Basic abc' })).statusCode).toBe(401);
    const unknown = await me({ authorization: 'Bearer not-a-real-token' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(EXPIRED);
    expect((await me({ authorization: `Bearer ${'x'.repeat(5000)}` })).statusCode).toBe(401);
  });

  it("a banned user's old token fails on the next request", async () => {
    const { user, auth } = await signedIn(ctx);
    expect((await me(auth)).statusCode).toBe(200);
    await ctx.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, user.id));
    const res = await me(auth);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(EXPIRED);
  });

  it('the role is read from the database on every request', async () => {
    const { user, auth } = await signedIn(ctx);
    expect((await me(auth)).json().role).toBe('Member');
    await ctx.db.update(users).set({ role: 'Support' }).where(eq(users.id, user.id));
    expect((await me(auth)).json().role).toBe('Support');
  });

  it('absolute expiry and 7-day idle expiry end a session', async () => {
    const a = await signedIn(ctx);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, a.user.id));
    expect((await me(a.auth)).statusCode).toBe(401);
    const b = await signedIn(ctx);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 24 * 3600_000) })
      .where(eq(sessions.userId, b.user.id));
    expect((await me(b.auth)).statusCode).toBe(401);
    const c = await signedIn(ctx);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 6 * 24 * 3600_000) })
      .where(eq(sessions.userId, c.user.id));
    expect((await me(c.auth)).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.userId, c.user.id));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it('an account that must change its password may only read itself, change it, or log out', async () => {
    const { user, auth } = await signedIn(ctx);
    await ctx.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, user.id));
    expect((await me(auth)).json().mustChangePassword).toBe(true);
    const blocked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/setup',
      headers: auth,
      payload: { password: 'my-own-password' },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      message: 'You must choose a new password before continuing.',
    });
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: auth,
      payload: { currentPassword: user.password, newPassword: 'my-own-password' },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(auth)).json().mustChangePassword).toBe(false);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/2fa/setup',
          headers: auth,
          payload: { password: 'my-own-password' },
        })
      ).statusCode,
    ).toBe(200);
  });
});
