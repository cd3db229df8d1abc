import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signedIn, type TestContext } from '../../../test/harness';
import { ticketMessages } from '../../db/schema';
import { createSession } from '../auth/sessions.service';
import { insertTicket } from '../tickets/tickets.fixtures';

type Session = Awaited<ReturnType<typeof signedIn>>;
const SPOOF = { message: 'You cannot send messages as someone else.' };

describe('ticket chat threads', () => {
  let ctx: TestContext;
  let owner: Session;
  let support: Session;
  let admin: Session;
  let boss: Session;
  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signedIn(ctx);
    support = await signedIn(ctx, 'Support');
    admin = await signedIn(ctx, 'Admin');
    boss = await signedIn(ctx, 'Owner');
  });
  afterAll(() => ctx.close());

  const send = (who: Session | { auth: object }, ticketId: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/chats`,
      headers: who.auth as Record<string, string>,
      payload,
    });
  const thread = (who: Session, ticketId: string) =>
    ctx.app.inject({ url: `/api/tickets/${ticketId}/chats`, headers: who.auth });
  const stored = (ticketId: string) =>
    ctx.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticketId))
      .orderBy(ticketMessages.timestamp);

  it('a member sends only as themselves: as Support or under another name is refused', async () => {
    const t = await insertTicket(ctx, owner.user);
    const attempts = [
      { role: 'Support', message: 'Your refund is approved' },
      { role: 'Support', sender: owner.user.username, message: 'hi' },
      { sender: 'Support', message: 'hi' },
      { sender: support.user.username, role: 'Username', message: 'hi' },
      { sender: 'someone-else', message: 'hi' },
    ];
    for (const payload of attempts) {
      const res = await send(owner, t.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json()).toEqual(SPOOF);
    }
    expect(await stored(t.id)).toEqual([]);

    const ok = await send(owner, t.id, {
      sender: owner.user.username.toUpperCase(),
      role: 'Username',
      message: 'It still crashes',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({
      _id: expect.any(String),
      sender: owner.user.username,
      role: 'Username',
      message: 'It still crashes',
      timestamp: expect.any(String),
    });
  });

  it('staff send as "Support" or as their own username, never as someone else', async () => {
    const t = await insertTicket(ctx, owner.user);
    const asSupport = await send(support, t.id, {
      sender: support.user.username,
      role: 'Support',
      message: 'Looking into it',
    });
    expect(asSupport.statusCode).toBe(201);
    expect(asSupport.json()).toMatchObject({ sender: 'Support', role: 'Support' });
    const asSelf = await send(support, t.id, { role: 'Username', message: 'I am on it' });
    expect(asSelf.json()).toMatchObject({ sender: support.user.username, role: 'Username' });
    const defaulted = await send(admin, t.id, { message: 'no role given' });
    expect(defaulted.json()).toMatchObject({ sender: admin.user.username, role: 'Username' });

    for (const payload of [
      { sender: owner.user.username, role: 'Username', message: 'fake' },
      { sender: owner.user.username, role: 'Support', message: 'fake' },
      { sender: owner.user.username, message: 'fake' },
    ]) {
      const res = await send(admin, t.id, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(SPOOF);
    }
    const rows = await stored(t.id);
    expect(rows.map((r) => [r.sender, r.role, r.authorId])).toEqual([
      ['Support', 'Support', support.user.id],
      [support.user.username, 'Username', support.user.id],
      [admin.user.username, 'Username', admin.user.id],
    ]);
  });

  it('the real author is stored always and shown only to Admins and Owners', async () => {
    const t = await insertTicket(ctx, owner.user);
    await send(owner, t.id, { message: 'question' });
    await send(support, t.id, { role: 'Support', message: 'answer' });
    for (const viewer of [owner, support]) {
      const res = await thread(viewer, t.id);
      expect(res.statusCode).toBe(200);
      for (const m of res.json()) expect(m).not.toHaveProperty('author');
      expect(res.json().map((m: { sender: string }) => m.sender)).toEqual([
        owner.user.username,
        'Support',
      ]);
    }
    for (const viewer of [admin, boss]) {
      const res = await thread(viewer, t.id);
      expect(
        res.json().map((m: { sender: string; author: string }) => [m.sender, m.author]),
      ).toEqual([
        [owner.user.username, owner.user.username],
        ['Support', support.user.username],
      ]);
    }
    // The answer to the sender follows the same rule.
    const mine = await send(support, t.id, { role: 'Support', message: 'more' });
    expect(mine.json()).not.toHaveProperty('author');
    const adminOwn = await send(admin, t.id, { role: 'Support', message: 'from admin' });
    expect(adminOwn.json()).toMatchObject({ sender: 'Support', author: admin.user.username });
  });

  it('during "login as" the admin behind the session is stored as the real author', async () => {
    const t = await insertTicket(ctx, owner.user);
    const token = await createSession(ctx.db, owner.user.id, { impersonatedBy: admin.user.id });
    const res = await send({ auth: { authorization: `Bearer ${token}` } }, t.id, {
      message: 'typed by the admin',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ sender: owner.user.username, role: 'Username' });
    expect(res.json()).not.toHaveProperty('author');
    const [row] = await stored(t.id);
    expect(row!.authorId).toBe(admin.user.id);
    const seen = (await thread(boss, t.id)).json();
    expect(seen[0]).toMatchObject({ sender: owner.user.username, author: admin.user.username });
  });

  it('refuses empty, whitespace-only and too long messages; 2000 characters pass', async () => {
    const t = await insertTicket(ctx, owner.user);
    for (const [payload, message] of [
      [{}, 'Message is required'],
      [{ message: '' }, 'Message is required'],
      [{ message: '   \n\t  ' }, 'Message is required'],
      [{ message: 'x'.repeat(2001) }, 'Message must be at most 2000 characters'],
      [{ message: 42 }, 'Message is required'],
    ] as const) {
      const res = await send(owner, t.id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ message, errors: { message } });
    }
    const unknown = await send(owner, t.id, { message: 'hi', authorId: admin.user.id });
    expect(unknown.statusCode).toBe(400);
    expect(await stored(t.id)).toEqual([]);
    expect((await send(owner, t.id, { message: 'z'.repeat(2000) })).statusCode).toBe(201);
  });

  it('stamps the server time (a client timestamp is ignored) and keeps text as sent', async () => {
    const t = await insertTicket(ctx, owner.user);
    const before = Date.now();
    const html = '<img src=x onerror=alert(1)> & <b>bold</b>';
    const res = await send(owner, t.id, { message: html, timestamp: '1999-01-01T00:00:00Z' });
    expect(res.statusCode).toBe(201);
    const sentAt = Date.parse(res.json().timestamp);
    expect(sentAt).toBeGreaterThanOrEqual(before - 2_000);
    expect(sentAt).toBeLessThanOrEqual(Date.now() + 2_000);
    const noStamp = await send(owner, t.id, { message: 'second', timestamp: null });
    expect(noStamp.statusCode).toBe(201);
    const list = (await thread(owner, t.id)).json();
    expect(list.map((m: { message: string }) => m.message)).toEqual([html, 'second']);
    expect(list[0].timestamp).toBe(res.json().timestamp);
  });

  it('limits how fast one user can send', async () => {
    const chatty = await signedIn(ctx);
    const t = await insertTicket(ctx, chatty.user);
    for (let i = 0; i < 60; i += 1) {
      expect((await send(chatty, t.id, { message: `m${i}` })).statusCode).toBe(201);
    }
    const res = await send(chatty, t.id, { message: 'one too many' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(await stored(t.id)).toHaveLength(60);
  });
});
