import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, reloadUser, rows, signedIn, type TestContext } from '../../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers, payload });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** `staff` signs in as `target` through login-as: the impersonation session's headers. */
async function impersonate(staff: Headers, targetId: string): Promise<Headers> {
  const res = await post(`/api/auth/login-as/${targetId}`, staff);
  expect(res.statusCode, res.body).toBe(200);
  return bearer(res.json().token as string);
}

describe('turning 2FA on needs the current password', () => {
  it('refuses a missing or wrong password and issues no secret', async () => {
    const member = await signedIn(ctx);
    const missing = await post('/api/auth/2fa/setup', member.auth);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ password: 'Password is required' });
    const wrong = await post('/api/auth/2fa/setup', member.auth, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'Password is incorrect.',
      errors: { password: 'Password is incorrect.' },
    });
    expect((await reloadUser(ctx, member.user.id))!.twoFactorSecret).toBeNull();
    const right = await post('/api/auth/2fa/setup', member.auth, {
      password: member.user.password,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().secret).toMatch(/^[A-Z2-7]{32}$/);
  });
});

describe('a login-as session', () => {
  it('never changes the credentials of the account it acts as', async () => {
    const admin = await signedIn(ctx, 'Admin');
    const member = await signedIn(ctx);
    const as = await impersonate(admin.auth, member.user.id);
    const before = await reloadUser(ctx, member.user.id);
    for (const [url, body] of [
      ['/api/auth/2fa/setup', { password: member.user.password }],
      ['/api/auth/2fa/verify', { code: '123456' }],
      ['/api/auth/2fa/disable', { password: member.user.password, code: '123456' }],
      ['/api/auth/2fa/backup-codes', { code: '123456' }],
      [
        '/api/auth/change-password',
        { currentPassword: member.user.password, newPassword: 'taken-over-1' },
      ],
    ] as const) {
      const res = await post(url, as, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ message: 'Not allowed while signed in as another user.' });
    }
    const after = await reloadUser(ctx, member.user.id);
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect(after!.twoFactorSecret).toBeNull();
    // The member's own session still may.
    expect(
      (await post('/api/auth/2fa/setup', member.auth, { password: member.user.password }))
        .statusCode,
    ).toBe(200);
  });

  it.each([
    [
      'banned',
      (owner: Headers, id: string) => post(`/api/users/${id}/ban`, owner, { reason: 'x' }),
    ],
    [
      'demoted',
      (owner: Headers, id: string) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/users/${id}/role`,
          headers: owner,
          payload: { role: 'Member' },
        }),
    ],
    [
      'removed',
      (owner: Headers, id: string) =>
        ctx.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: owner }),
    ],
  ])('ends on its next request once the impersonator is %s', async (_what, act) => {
    const owner = await signedIn(ctx, 'Owner');
    const admin = await signedIn(ctx, 'Admin');
    const member = await signedIn(ctx);
    const as = await impersonate(admin.auth, member.user.id);
    expect((await ctx.app.inject({ url: '/api/users/user', headers: as })).statusCode).toBe(200);
    const res = await act(owner.auth, admin.user.id);
    expect(res.statusCode, res.body).toBeLessThan(300);
    const after = await ctx.app.inject({ url: '/api/users/user', headers: as });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Your session has expired. Please log in again.' });
    // The member's own session is untouched.
    expect(
      (await ctx.app.inject({ url: '/api/users/user', headers: member.auth })).statusCode,
    ).toBe(200);
  });

  it('audits what it does under the real person, with the account acted as in the entry', async () => {
    const owner = await signedIn(ctx, 'Owner');
    const admin = await signedIn(ctx, 'Admin');
    const member = await signedIn(ctx);
    const asAdmin = await impersonate(owner.auth, admin.user.id);
    expect(
      (await post(`/api/users/${member.user.id}/ban`, asAdmin, { reason: 'spam' })).statusCode,
    ).toBe(200);
    const [entry] = await rows<{
      actor_id: string;
      actor_username: string;
      details: Record<string, unknown>;
    }>(
      ctx,
      sql`select actor_id, actor_username, details from audit_log
          where action = 'user.ban' and target_id = ${member.user.id}`,
    );
    expect(entry).toMatchObject({
      actor_id: owner.user.id,
      actor_username: owner.user.username,
      details: { asUser: { id: admin.user.id, username: admin.user.username } },
    });
  });

  it('names the real person on ticket commands done as a Support agent', async () => {
    const owner = await signedIn(ctx, 'Owner');
    const support = await signedIn(ctx, 'Support');
    const member = await signedIn(ctx);
    const opened = await post('/api/ticket/tickets', member.auth, { message: 'Help me please' });
    expect(opened.statusCode, opened.body).toBe(201);
    const ticketId = opened.json().id as string;
    const asSupport = await impersonate(owner.auth, support.user.id);
    const escalated = await post(`/api/ticket/tickets/${ticketId}/escalate`, asSupport);
    expect(escalated.statusCode, escalated.body).toBe(200);
    const closed = await post(`/api/ticket/tickets/${ticketId}/close`, asSupport);
    expect(closed.statusCode, closed.body).toBe(200);
    const entries = await rows<{
      action: string;
      actor_id: string;
      details: Record<string, unknown>;
    }>(
      ctx,
      sql`select action, actor_id, details from audit_log
          where target_id = ${ticketId} order by created_at, action`,
    );
    expect(entries.map((e) => e.action).sort()).toEqual(['ticket.close', 'ticket.escalate']);
    for (const entry of entries) {
      expect(entry.actor_id).toBe(owner.user.id);
      expect(entry.details).toMatchObject({
        owner: member.user.username,
        asUser: { id: support.user.id, username: support.user.username },
      });
    }
    const [event] = await rows<{ payload: { escalatedBy: string } }>(
      ctx,
      sql`select payload from events where type = 'ticket.escalated' and subject_id = ${ticketId}`,
    );
    expect(event!.payload.escalatedBy).toBe(support.user.username);
  });
});
