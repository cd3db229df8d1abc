import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { Writable } from 'node:stream';
import {
  createTestApp,
  createUser,
  loginAs,
  openTestDatabase,
  signedIn,
  type TestContext,
} from '../../test/harness';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seed } from '../db/seed';
import { sessions, users } from '../db/schema';
import { insertTicket } from '../modules/tickets/tickets.fixtures';
import { isType, openSocket } from './realtime.fixtures';
import { outboxNotice } from '../modules/events';
import { redactToken } from './realtime';

type Session = Awaited<ReturnType<typeof signedIn>>;
const ENDED = { code: 4401, reason: 'Your session has expired. Please log in again.' };

describe('live updates at /api/ws (one process)', () => {
  let ctx: TestContext;
  let base: string;
  let owner: Session;
  let support: Session;
  let admin: Session;
  beforeAll(async () => {
    ctx = await createTestApp();
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await signedIn(ctx);
    support = await signedIn(ctx, 'Support');
    admin = await signedIn(ctx, 'Admin');
  });
  afterAll(() => ctx.close());

  const post = (who: Session, url: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: who.auth, ...(payload ? { payload } : {}) });
  const say = (who: Session, ticketId: string, message: string, role?: 'Support') =>
    post(who, `/api/tickets/${ticketId}/chats`, { message, ...(role ? { role } : {}) });
  const subscribe = async (socket: Awaited<ReturnType<typeof openSocket>>, ticketId: string) => {
    socket.send({ type: 'subscribe', ticketId });
    return socket.next(isType('subscribed', (f) => f.ticketId === ticketId.toLowerCase()));
  };

  it('refuses a socket without a valid token or with a password to change (4401); plain HTTP gets 426', async () => {
    const anonymous = await openSocket(base);
    expect(await anonymous.closed).toEqual({ code: 4401, reason: 'Authentication required.' });
    for (const token of ['not-a-token', 'x'.repeat(500)]) {
      const socket = await openSocket(base, token);
      expect(await socket.closed).toEqual(ENDED);
    }
    const pending = await signedIn(ctx);
    await ctx.db
      .update(users)
      .set({ mustChangePassword: true })
      .where(eq(users.id, pending.user.id));
    expect(await (await openSocket(base, pending.token)).closed).toEqual({
      code: 4401,
      reason: 'You must choose a new password before continuing.',
    });
    const res = await ctx.app.inject({ url: '/api/ws' });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toEqual({ message: 'Connect to this address with a WebSocket client.' });
  });

  it('greets with the user, accepts the token in the Authorization header too', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/ws`, { headers: owner.auth });
    const first = await new Promise<string>((resolve) =>
      ws.once('message', (d) => resolve(String(d))),
    );
    expect(JSON.parse(first)).toEqual({
      type: 'ready',
      user: { _id: owner.user.id, username: owner.user.username, role: 'Member' },
    });
    ws.close();
  });

  it('two sockets on one process: a message posted over HTTP arrives live on the other', async () => {
    const t = await insertTicket(ctx, owner.user);
    const member = await openSocket(base, owner.token, { waitReady: true });
    const staff = await openSocket(base, support.token, { waitReady: true });
    const boss = await openSocket(base, admin.token, { waitReady: true });
    await subscribe(staff, t.id);
    await subscribe(boss, t.id.toUpperCase()); // events still reach it under the canonical id

    // The owner follows their own tickets without subscribing.
    const toMember = member.next(isType('message', (f) => f.ticketId === t.id));
    const started = Date.now();
    const toStaff = staff.next(isType('message', (f) => f.ticketId === t.id));
    const res = await say(owner, t.id, 'Is anyone there?');
    expect(res.statusCode).toBe(201);
    const got = await toStaff;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(got.message).toEqual(res.json());
    expect(got.message).not.toHaveProperty('author');
    expect((await toMember).message._id).toBe(res.json()._id);

    const reply = member.next(isType('message', (f) => f.message.sender === 'Support'));
    const toAdmin = boss.next(isType('message', (f) => f.message.sender === 'Support'));
    await say(support, t.id, 'Yes, how can I help?', 'Support');
    expect((await reply).message).not.toHaveProperty('author');
    expect((await toAdmin).message.author).toBe(support.user.username);
    for (const s of [member, staff, boss]) s.ws.close();
  });

  it('refuses an unauthorised subscription and delivers nothing for it', async () => {
    const t = await insertTicket(ctx, owner.user);
    const stranger = await signedIn(ctx);
    const socket = await openSocket(base, stranger.token, { waitReady: true });
    for (const ticketId of [t.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      socket.send({ type: 'subscribe', ticketId });
      expect(await socket.next(isType('error', (f) => f.ticketId === ticketId))).toEqual({
        type: 'error',
        message: 'Ticket not found.',
        ticketId,
      });
    }
    socket.send({ type: 'subscribe-queue' });
    expect(await socket.next(isType('error'))).toEqual({
      type: 'error',
      message: 'You do not have permission to do this.',
    });
    const control = await openSocket(base, support.token, { waitReady: true });
    await subscribe(control, t.id);
    const leaked = socket.collect((f) => f.type !== 'pong', 800);
    const delivered = control.next(isType('message', (f) => f.ticketId === t.id));
    await say(owner, t.id, 'private');
    await delivered;
    expect(await leaked).toEqual([]);

    socket.send('{not json');
    expect(await socket.next(isType('error'))).toEqual({
      type: 'error',
      message: 'Invalid message.',
    });
    socket.send({ type: 'subscribe', ticketId: t.id, extra: 1 });
    expect((await socket.next(isType('error'))).message).toBe('Invalid message.');
    socket.send({ type: 'ping' });
    await socket.next(isType('pong'));
    socket.ws.close();
    control.ws.close();
  });

  it('caps the tickets one socket follows and closes a socket that floods', async () => {
    const socket = await openSocket(base, support.token, { waitReady: true });
    const ids = [];
    for (let i = 0; i < 51; i += 1) ids.push((await insertTicket(ctx, owner.user)).id);
    for (const id of ids.slice(0, 50)) await subscribe(socket, id);
    socket.send({ type: 'subscribe', ticketId: ids[50] });
    expect(await socket.next(isType('error'))).toEqual({
      type: 'error',
      message: 'You are following too many tickets.',
      ticketId: ids[50],
    });
    for (let i = 0; i < 60; i += 1) socket.send({ type: 'ping' });
    expect(await socket.closed).toEqual({ code: 1008, reason: 'Too many messages.' });
  });

  it('pushes ticket changes to followers and the staff queue, and stops after unsubscribe', async () => {
    const queue = await openSocket(base, support.token, { waitReady: true });
    queue.send({ type: 'subscribe-queue' });
    await queue.next(isType('subscribed-queue'));
    const member = await openSocket(base, owner.token, { waitReady: true });

    const created = queue.next(isType('queue', (f) => f.action === 'created'));
    const mine = member.next(isType('ticket'));
    const res = await post(owner, '/api/ticket/tickets', { message: 'New problem' });
    const id = res.json().id as string;
    expect((await created).ticket).toMatchObject({ _id: id, message: 'New problem' });
    expect((await mine).ticket._id).toBe(id);

    const escalated = member.next(isType('ticket', (f) => f.ticket.escalated));
    const queued = queue.next(isType('queue', (f) => f.action === 'updated'));
    expect((await post(support, `/api/ticket/tickets/${id}/escalate`)).statusCode).toBe(200);
    expect((await escalated).ticket).toMatchObject({ _id: id, escalated: true, status: 'open' });
    expect((await queued).ticket?.escalated).toBe(true);

    const closed = member.next(isType('ticket', (f) => f.ticket.status === 'closed'));
    await post(support, `/api/ticket/tickets/${id}/close`);
    await closed;
    const reopened = member.next(isType('ticket', (f) => f.ticket.status === 'open'));
    const activity = queue.next(isType('queue', (f) => f.action === 'message'));
    await say(owner, id, 'Still broken');
    await reopened;
    expect((await activity).message?.message).toBe('Still broken');

    const watcher = await openSocket(base, admin.token, { waitReady: true });
    await subscribe(watcher, id);
    watcher.send({ type: 'unsubscribe', ticketId: id });
    await watcher.next(isType('unsubscribed'));
    const quiet = watcher.collect((f) => f.type === 'message', 600);
    await say(owner, id, 'after unsubscribe');
    expect(await quiet).toEqual([]);

    const deleted = member.next(isType('ticket-deleted'));
    const removed = queue.next(isType('queue', (f) => f.action === 'deleted'));
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/ticket/tickets/${id}`,
      headers: admin.auth,
    });
    expect(await deleted).toEqual({ type: 'ticket-deleted', ticketId: id });
    expect(await removed).toEqual({ type: 'queue', action: 'deleted', ticketId: id });
    for (const s of [queue, member, watcher]) s.ws.close();
  });

  it('delivers a message too large for one NOTIFY by loading it', async () => {
    const t = await insertTicket(ctx, owner.user);
    const text = '\u0001"'.repeat(1000);
    // The outbox NOTIFY carries the event while it fits, else only its id (the hub reads the row).
    const notice = (message: string) =>
      JSON.parse(
        outboxNotice({
          id: 'e',
          seq: 1,
          type: 'chat.message.created',
          userId: owner.user.id,
          resellerId: null,
          subjectType: 'ticket',
          subjectId: t.id,
          payload: { ticketId: t.id, messageId: 'm', message: { message } },
          createdAt: new Date(),
        }),
      );
    expect(notice('short')).toHaveProperty('event');
    expect(notice(text)).toEqual({ id: 'e', seq: 1, type: 'chat.message.created' });
    const member = await openSocket(base, owner.token, { waitReady: true });
    const got = member.next(isType('message'));
    expect((await say(owner, t.id, text)).statusCode).toBe(201);
    expect((await got).message.message).toBe(text);
    member.ws.close();
  });

  it("logout closes that session's sockets at once (4401); the same user's other session stays", async () => {
    const me = await signedIn(ctx);
    const otherToken = await loginAs(ctx, me.user.username);
    const a = await openSocket(base, me.token, { waitReady: true });
    const b = await openSocket(base, me.token, { waitReady: true });
    const other = await openSocket(base, otherToken, { waitReady: true });
    const started = Date.now();
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: me.auth });
    expect(out.statusCode).toBe(200);
    expect(await a.closed).toEqual(ENDED);
    expect(await b.closed).toEqual(ENDED);
    // Well inside the 4 s sweep that closed them before: the logout itself closes them.
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
    other.send({ type: 'ping' });
    await other.next(isType('pong'));
    other.ws.close();
  }, 15_000);

  it('caps live sockets per user: the 11th is refused with 4429, another user is unaffected', async () => {
    const me = await signedIn(ctx);
    const open = [];
    for (let i = 0; i < 10; i++) open.push(await openSocket(base, me.token, { waitReady: true }));
    const eleventh = await openSocket(base, me.token);
    expect(await eleventh.closed).toEqual({
      code: 4429,
      reason: 'Too many live connections for this account. Close another tab and retry.',
    });
    for (const socket of open) expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    const someoneElse = await openSocket(base, owner.token, { waitReady: true });
    expect(someoneElse.ws.readyState).toBe(WebSocket.OPEN);
    // Closing one frees a place.
    open[0]!.ws.close();
    await open[0]!.closed;
    await new Promise((r) => setTimeout(r, 100));
    const again = await openSocket(base, me.token, { waitReady: true });
    expect(again.ws.readyState).toBe(WebSocket.OPEN);
    for (const socket of [...open.slice(1), someoneElse, again]) socket.ws.close();
  }, 15_000);

  it('closes every socket of a banned user at once (4401) when disconnectUser is called', async () => {
    const me = await signedIn(ctx);
    const a = await openSocket(base, me.token, { waitReady: true });
    const b = await openSocket(base, me.token, { waitReady: true });
    const bystander = await openSocket(base, owner.token, { waitReady: true });
    // What the admin's ban does: mark banned, revoke sessions, drop live sockets.
    await ctx.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, me.user.id));
    await ctx.db.delete(sessions).where(eq(sessions.userId, me.user.id));
    const started = Date.now();
    await ctx.app.realtime.disconnectUser(me.user.id);
    expect(await a.closed).toEqual(ENDED);
    expect(await b.closed).toEqual(ENDED);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(bystander.ws.readyState).toBe(WebSocket.OPEN);
    // A new connection with the old token is refused too.
    expect(await (await openSocket(base, me.token)).closed).toEqual(ENDED);
    bystander.ws.close();
  });

  it('a role change with disconnectUser asks the client to reconnect (4000)', async () => {
    const me = await signedIn(ctx, 'Support');
    const socket = await openSocket(base, me.token, { waitReady: true });
    await ctx.db.update(users).set({ role: 'Member' }).where(eq(users.id, me.user.id));
    await ctx.app.realtime.disconnectUser(me.user.id);
    expect(await socket.closed).toEqual({
      code: 4000,
      reason: 'Your access has changed. Please reconnect.',
    });
    const again = await openSocket(base, me.token, { waitReady: true });
    again.send({ type: 'subscribe-queue' });
    expect((await again.next(isType('error'))).message).toBe(
      'You do not have permission to do this.',
    );
    again.ws.close();
  });

  it('never writes the token of the URL into the logs', () => {
    expect(redactToken('/api/ws?token=abc.def-123')).toBe('/api/ws?token=[redacted]');
    expect(redactToken('/api/ws?x=1&TOKEN=abc#h')).toBe('/api/ws?x=1&TOKEN=[redacted]#h');
    expect(redactToken('/api/products')).toBe('/api/products');
    expect(redactToken('/api/client/settings?key=STLL-AAAAA&hwid=abc123&nonce=n1')).toBe(
      '/api/client/settings?key=[redacted]&hwid=[redacted]&nonce=n1',
    );
  });
});

describe('live update logs', () => {
  it('a socket opened with ?token= is logged without the token', async () => {
    const lines: string[] = [];
    const { database, drop } = await openTestDatabase();
    await seed(database.db, { skipOwner: true });
    const app = await buildApp({
      config: loadConfig({ WEB_DIST: '/nonexistent', LOG_LEVEL: 'info' }),
      database,
      logStream: new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    });
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const user = await createUser({ app, database, db: database.db, close: async () => {} });
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password: user.password },
      });
      const token = login.json().token as string;
      const socket = await openSocket(base, token, { waitReady: true });
      socket.ws.close();
      await socket.closed;
      const all = lines.join('');
      expect(all).toContain('/api/ws?token=[redacted]');
      expect(all).not.toContain(token);
    } finally {
      await app.close();
      await drop();
    }
  });
});
