import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  DEFAULT_PASSWORD,
  loginAs,
  reloadUser,
  rows,
  signedIn,
  totpCode,
  type TestContext,
} from '../../../test/harness';
import { auditLog, licences, sessions, tickets, users } from '../../db/schema';
import { countQueries } from '../auth/query-count.fixtures';

describe('staff actions on accounts', () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signedIn(ctx, 'Owner');
    admin = await signedIn(ctx, 'Admin');
  });
  afterAll(() => ctx.close());

  const me = (headers: Record<string, string>) =>
    ctx.app.inject({ url: '/api/users/user', headers });
  const audits = (action: string, targetId: string) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

  it('lists users paginated and searchable on the server, banned ones under their own filter', async () => {
    const tag = `srch${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i++) await createUser(ctx, { username: `${tag}_${i}` });
    await createUser(ctx, { username: `${tag}_banned`, bannedAt: new Date() });
    const page1 = await ctx.app.inject({
      url: `/api/users?search=${tag.toUpperCase()}&pageSize=2`,
      headers: admin.auth,
    });
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.json().users).toHaveLength(2);
    const banned = await ctx.app.inject({
      url: `/api/users?search=${tag}&status=banned`,
      headers: admin.auth,
    });
    expect(banned.json().users.map((u: { username: string }) => u.username)).toEqual([
      `${tag}_banned`,
    ]);
    expect(Object.keys(banned.json().users[0])).not.toContain('passwordHash');
    const past = await ctx.app.inject({
      url: `/api/users?search=${tag}&page=9&pageSize=2`,
      headers: admin.auth,
    });
    expect(past.json()).toMatchObject({ users: [], total: 3, page: 9, pageSize: 2 });
    // The total rides on the page's query: the session's read and one more.
    expect(
      await countQueries(ctx, () =>
        ctx.app.inject({ url: `/api/users?search=${tag}`, headers: admin.auth }),
      ),
    ).toBe(2);
    const wildcard = await ctx.app.inject({ url: '/api/users?search=%25', headers: admin.auth });
    expect(wildcard.json().total).toBe(0);
    const bad = await ctx.app.inject({ url: '/api/users?pageSize=1000', headers: admin.auth });
    expect(bad.statusCode).toBe(400);
  });

  it('lists by status alone (the batched query) with the exact total, even past the last page', async () => {
    await createUser(ctx, { bannedAt: new Date() });
    await createUser(ctx);
    const [counts] = await rows<{ active: number; banned: number }>(
      ctx,
      sql`select count(*) filter (where banned_at is null)::int as active,
        count(*) filter (where banned_at is not null)::int as banned from users`,
    );
    for (const [status, total] of [
      ['active', counts!.active],
      ['banned', counts!.banned],
      ['all', counts!.active + counts!.banned],
    ] as const) {
      const [first, past] = await Promise.all(
        [1, 500].map((page) =>
          ctx.app.inject({
            url: `/api/users?status=${status}&page=${page}&pageSize=1`,
            headers: admin.auth,
          }),
        ),
      );
      expect(first!.json()).toMatchObject({ total, page: 1, pageSize: 1 });
      expect(first!.json().users).toHaveLength(1);
      expect(past!.json()).toMatchObject({ users: [], total, page: 500, pageSize: 1 });
    }
  });

  it('a role change takes effect on the very next request and is audited', async () => {
    const member = await signedIn(ctx);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${member.user.id}/role`,
      headers: admin.auth,
      payload: { role: 'Support' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: member.user.id, role: 'Support' });
    expect((await me(member.auth)).json().role).toBe('Support');
    const [row] = await audits('user.role', member.user.id);
    expect(row).toMatchObject({
      actorId: admin.user.id,
      details: { from: 'Member', to: 'Support', username: member.user.username },
    });
    expect(row!.ip).toBeTruthy();
    const unknown = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${member.user.id}/role`,
      headers: admin.auth,
      payload: { role: 'God' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown role.');
  });

  it('ban: login refused, the old token fails on its next request, unban restores; all audited', async () => {
    const member = await signedIn(ctx);
    const ban = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${member.user.id}/ban`,
      headers: admin.auth,
      payload: { reason: 'chargeback' },
    });
    expect(ban.statusCode).toBe(200);
    expect(ban.json()).toMatchObject({ banned: true, banReason: 'chargeback' });
    expect((await me(member.auth)).statusCode).toBe(401);
    expect(
      await ctx.db.select().from(sessions).where(eq(sessions.userId, member.user.id)),
    ).toHaveLength(0);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: member.user.username, password: DEFAULT_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: 'This account has been banned.' });
    const unban = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${member.user.id}/unban`,
      headers: admin.auth,
    });
    expect(unban.json()).toMatchObject({ banned: false, banReason: null });
    expect((await loginAs(ctx, member.user.username)).length).toBeGreaterThan(10);
    expect(await audits('user.ban', member.user.id)).toHaveLength(1);
    expect(await audits('user.unban', member.user.id)).toHaveLength(1);
  });

  it('remove deletes the account and the data that goes with it', async () => {
    const member = await signedIn(ctx);
    await ctx.db.insert(licences).values({
      userId: member.user.id,
      productId: '64f1a2b3c4d5e6f701234567',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await ctx.db
      .insert(tickets)
      .values({ userId: member.user.id, username: member.user.username, message: 'help' });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${member.user.id}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `${member.user.username} has been removed.` });
    const [left] = await rows<{ u: number; s: number; l: number; t: number }>(
      ctx,
      sql`select (select count(*) from users where id = ${member.user.id})::int as u,
                 (select count(*) from sessions where user_id = ${member.user.id})::int as s,
                 (select count(*) from licences where user_id = ${member.user.id})::int as l,
                 (select count(*) from tickets where user_id = ${member.user.id})::int as t`,
    );
    expect(left).toEqual({ u: 0, s: 0, l: 0, t: 0 });
    expect((await me(member.auth)).statusCode).toBe(401);
    const [entry] = await audits('user.remove', member.user.id);
    expect(entry!.details).toMatchObject({ username: member.user.username });
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/users/${member.user.id}`,
          headers: admin.auth,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('nobody acts on themselves, and no Owner can be demoted, banned or removed (the last Owner stays)', async () => {
    for (const req of [
      {
        method: 'PUT' as const,
        url: `/api/users/${owner.user.id}/role`,
        payload: { role: 'Member' },
      },
      { method: 'POST' as const, url: `/api/users/${owner.user.id}/ban`, payload: {} },
      { method: 'DELETE' as const, url: `/api/users/${owner.user.id}` },
    ]) {
      const self = await ctx.app.inject({ ...req, headers: owner.auth });
      expect(self.statusCode).toBe(403);
      expect(self.json()).toEqual({ message: 'You cannot do this to your own account.' });
      const byAdmin = await ctx.app.inject({ ...req, headers: admin.auth });
      expect(byAdmin.statusCode).toBe(403);
    }
    const other = await signedIn(ctx, 'Owner');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${owner.user.id}/role`,
      headers: other.auth,
      payload: { role: 'Member' },
    });
    expect(res.statusCode).toBe(403);
    expect((await reloadUser(ctx, owner.user.id))!.role).toBe('Owner');
  });

  it('staff-created accounts are Members that must choose a new password', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: admin.auth,
      payload: { username: 'made_by_admin', password: 'K7Q2ZD' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(users).where(eq(users.username, 'made_by_admin'));
    expect(row).toMatchObject({ role: 'Member', mustChangePassword: true });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'made_by_admin', password: 'K7Q2ZD' },
    });
    expect(login.json().mustChangePassword).toBe(true);
    expect(await audits('user.create', row!.id)).toHaveLength(1);
    const sneaky = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: admin.auth,
      payload: { username: 'made_admin', password: 'K7Q2ZD', role: 'Admin' },
    });
    expect(sneaky.statusCode).toBe(400);
  });

  it('login as: a 1-hour session of the target, marked as impersonated and audited; not for Admins by an Admin', async () => {
    const member = await createUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/login-as/${member.id}`,
      headers: admin.auth,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const { token, user, expiresAt } = res.json();
    expect(user).toEqual({ _id: member.id, username: member.username, role: 'Member' });
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    const who = await me({ authorization: `Bearer ${token}` });
    expect(who.json()).toMatchObject({ _id: member.id, impersonatedBy: admin.user.id });
    const [session] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.impersonatedBy, admin.user.id));
    expect(session!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    expect(await audits('user.login_as', member.id)).toHaveLength(1);
    const nested = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/login-as/${admin.user.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(nested.statusCode).toBe(403);
    const otherAdmin = await createUser(ctx, { role: 'Admin' });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/auth/login-as/${otherAdmin.id}`,
          headers: admin.auth,
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
  });

  it("login as needs the admin's current 2FA code when the admin has 2FA (step-up)", async () => {
    const stepUp = await signedIn(ctx, 'Admin');
    const { secret } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/2fa/setup',
        headers: stepUp.auth,
        payload: { password: stepUp.user.password },
      })
    ).json();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      headers: stepUp.auth,
      payload: { code: totpCode(secret) },
    });
    const member = await createUser(ctx);
    const without = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/login-as/${member.id}`,
      headers: stepUp.auth,
      payload: {},
    });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toEqual({
      message: 'Enter your current 2FA code to sign in as another user.',
      errors: { generatedCode: 'Enter your current 2FA code to sign in as another user.' },
    });
    const withCode = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/login-as/${member.id}`,
      headers: stepUp.auth,
      payload: { generatedCode: totpCode(secret, 1) },
    });
    expect(withCode.statusCode).toBe(200);
  });

  it('the login-as 2FA step-up is rate-limited: after 10 code checks in 5 minutes, 429 even with the right code', async () => {
    const staff = await signedIn(ctx, 'Admin');
    const { secret } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/2fa/setup',
        headers: staff.auth,
        payload: { password: staff.user.password },
      })
    ).json();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      headers: staff.auth,
      payload: { code: totpCode(secret) },
    });
    const member = await createUser(ctx);
    const attempt = (generatedCode: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/auth/login-as/${member.id}`,
        headers: staff.auth,
        payload: { generatedCode },
      });
    for (let i = 0; i < 10; i++) expect((await attempt('000000')).statusCode).toBe(403);
    const limited = await attempt(totpCode(secret, 1));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Too many attempts\. Please try again in \d+ seconds\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // No impersonation session was opened.
    const opened = await ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, member.id), eq(sessions.impersonatedBy, staff.user.id)));
    expect(opened).toHaveLength(0);
  });

  it('reset 2FA and one-time reset codes, audited without the code itself', async () => {
    const member = await signedIn(ctx);
    const { secret } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/2fa/setup',
        headers: member.auth,
        payload: { password: member.user.password },
      })
    ).json();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      headers: member.auth,
      payload: { code: totpCode(secret) },
    });
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${member.user.id}/reset-2fa`,
      headers: admin.auth,
    });
    expect(reset.statusCode).toBe(200);
    expect((await reloadUser(ctx, member.user.id))!.twoFactorEnabled).toBe(false);
    const issued = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${member.user.id}/reset-code`,
      headers: admin.auth,
    });
    const { code } = issued.json();
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    const [entry] = await audits('user.reset_code', member.user.id);
    expect(JSON.stringify(entry)).not.toContain(code);
    const used = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { username: member.user.username, code, newPassword: 'fresh-password-9' },
    });
    expect(used.statusCode).toBe(200);
  });
});
