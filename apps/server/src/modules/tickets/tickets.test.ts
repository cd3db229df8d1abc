import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, rows, signedIn, type TestContext } from '../../../test/harness';
import { auditLog, tickets } from '../../db/schema';
import { insertTicket } from './tickets.fixtures';

type Session = Awaited<ReturnType<typeof signedIn>>;

describe('tickets', () => {
  let ctx: TestContext;
  let support: Session;
  let admin: Session;
  beforeAll(async () => {
    ctx = await createTestApp();
    support = await signedIn(ctx, 'Support');
    admin = await signedIn(ctx, 'Admin');
  });
  afterAll(() => ctx.close());

  const create = (who: Session, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/ticket/tickets', headers: who.auth, payload });
  const list = (who: Session, query = '') =>
    ctx.app.inject({ url: `/api/ticket/tickets${query}`, headers: who.auth });
  const post = (who: Session, url: string) =>
    ctx.app.inject({ method: 'POST', url, headers: who.auth });
  const auditOf = (ticketId: string) =>
    ctx.db.select().from(auditLog).where(eq(auditLog.targetId, ticketId));

  describe('POST /api/ticket/tickets', () => {
    it('takes the owner from the session, ignores username/userId in the body, applies defaults', async () => {
      const me = await signedIn(ctx);
      const victim = await signedIn(ctx);
      const res = await create(me, {
        username: victim.user.username,
        userId: victim.user.id,
        transactionId: '  tx-42  ',
        message: '  My launcher will not start.  ',
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.id).toBe(body.ticket._id);
      expect(body.ticket).toEqual({
        _id: body.id,
        username: me.user.username,
        userId: me.user.id,
        transactionId: 'tx-42',
        message: 'My launcher will not start.',
        priority: 'Low',
        reason: 'General Inquiry',
        escalated: false,
        status: 'open',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        lastMessageAt: null,
        unread: 0,
      });
      const [row] = await ctx.db.select().from(tickets).where(eq(tickets.id, body.id));
      expect(row).toMatchObject({ userId: me.user.id, username: me.user.username });
    });

    it('keeps a chosen priority and reason; transactionId may be left out', async () => {
      const me = await signedIn(ctx);
      const res = await create(me, {
        message: 'Charged twice',
        priority: 'High',
        reason: 'Billing Issue',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().ticket).toMatchObject({
        priority: 'High',
        reason: 'Billing Issue',
        transactionId: '',
      });
    });

    it('refuses empty, whitespace-only or too long fields and unknown values, storing nothing', async () => {
      const me = await signedIn(ctx);
      const cases: [object, string, string][] = [
        [{}, 'message', 'Message is required'],
        [{ message: '' }, 'message', 'Message is required'],
        [{ message: ' \n\t ' }, 'message', 'Message is required'],
        [{ message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
        [
          { message: 'ok', transactionId: 'x'.repeat(201) },
          'transactionId',
          'Transaction ID must be at most 200 characters',
        ],
        [{ message: 'ok', priority: 'Urgent' }, 'priority', 'Priority must be Low, Medium or High'],
        [
          { message: 'ok', reason: 'Other' },
          'reason',
          'Reason must be General Inquiry, Bug Report, Feature Request or Billing Issue',
        ],
      ];
      for (const [payload, field, message] of cases) {
        const res = await create(me, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toEqual({ message, errors: { [field]: message } });
      }
      const mass = await create(me, { message: 'ok', escalated: true });
      expect(mass.statusCode).toBe(400);
      expect(mass.json().errors).toHaveProperty('escalated');
      expect(await ctx.db.select().from(tickets).where(eq(tickets.userId, me.user.id))).toEqual([]);
    });

    it('accepts exactly 5000 characters and drops NUL characters', async () => {
      const me = await signedIn(ctx);
      const long = await create(me, { message: 'y'.repeat(5000) });
      expect(long.statusCode).toBe(201);
      const nul = await create(me, { message: 'a\u0000b' });
      expect(nul.statusCode).toBe(201);
      expect(nul.json().ticket.message).toBe('ab');
    });

    it('needs a token', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/ticket/tickets',
        payload: { message: 'hi' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Authentication required.' });
    });
  });

  describe('GET /api/ticket/tickets', () => {
    let alice: Session;
    let bob: Session;
    beforeAll(async () => {
      alice = await signedIn(ctx);
      bob = await signedIn(ctx);
      await insertTicket(ctx, alice.user, { message: 'a1' });
      await insertTicket(ctx, alice.user, { message: 'a2', priority: 'High', escalated: true });
      await insertTicket(ctx, bob.user, { message: 'b1', status: 'closed' });
    });

    it('a member sees only their own tickets, whatever userId says', async () => {
      for (const query of ['', `?userId=${bob.user.id}`, `?userId=${alice.user.id}`]) {
        const res = await list(alice, query);
        expect(res.statusCode).toBe(200);
        expect(
          res
            .json()
            .map((t: { message: string }) => t.message)
            .sort(),
        ).toEqual(['a1', 'a2']);
        expect(res.headers['x-total-count']).toBe('2');
      }
    });

    it('staff see every ticket and may filter by user, status, escalation and priority', async () => {
      const all = await list(support, '?pageSize=100');
      expect(all.statusCode).toBe(200);
      const messages = all.json().map((t: { message: string }) => t.message);
      expect(messages).toEqual(expect.arrayContaining(['a1', 'a2', 'b1']));
      expect((await list(support, `?userId=${bob.user.id}`)).json()).toHaveLength(1);
      const filtered = await list(admin, `?userId=${alice.user.id}&escalated=true&priority=High`);
      expect(filtered.json().map((t: { message: string }) => t.message)).toEqual(['a2']);
      const closed = await list(support, `?userId=${bob.user.id}&status=closed`);
      expect(closed.json()).toHaveLength(1);
      expect((await list(support, `?userId=${bob.user.id}&status=open`)).json()).toEqual([]);
      const open = await list(support, `?userId=${alice.user.id}&escalated=false`);
      expect(open.json().map((t: { message: string }) => t.message)).toEqual(['a1']);
    });

    it('pages with page/pageSize, newest activity first, the total in x-total-count', async () => {
      const carol = await signedIn(ctx);
      for (let i = 1; i <= 5; i += 1) {
        await insertTicket(ctx, carol.user, {
          message: `c${i}`,
          updatedAt: new Date(Date.UTC(2030, 0, i)),
        });
      }
      const first = await list(carol, '?pageSize=2');
      expect(first.json().map((t: { message: string }) => t.message)).toEqual(['c5', 'c4']);
      expect(first.headers['x-total-count']).toBe('5');
      const last = await list(carol, '?pageSize=2&page=3');
      expect(last.json().map((t: { message: string }) => t.message)).toEqual(['c1']);
      const bad = await list(carol, '?pageSize=101');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Page size must be at most 100');
      expect((await list(carol, '?status=pending')).json().message).toBe(
        'Status must be open or closed',
      );
      expect((await list(carol, '?userId=nope')).json().message).toBe('Invalid user id');
      expect((await list(carol, '?sort=asc')).statusCode).toBe(400);
    });

    it('counts unread messages by others since the caller last read, and lastMessageAt', async () => {
      const dave = await signedIn(ctx);
      const t = await insertTicket(ctx, dave.user);
      const send = (who: Session, message: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/tickets/${t.id}/chats`,
          headers: who.auth,
          payload: { message },
        });
      await send(dave, 'first');
      await send(support, 'reply 1');
      await send(support, 'reply 2');
      const unread = async (who: Session) =>
        (await list(who, `?userId=${dave.user.id}`))
          .json()
          .find((x: { _id: string }) => x._id === t.id);
      const mine = await unread(dave);
      expect(mine.unread).toBe(2);
      expect(mine.lastMessageAt).toEqual(expect.any(String));
      expect((await unread(support)).unread).toBe(1);
      const read = await post(dave, `/api/tickets/${t.id}/read`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ ticketId: t.id, lastReadAt: expect.any(String) });
      expect((await unread(dave)).unread).toBe(0);
      await send(support, 'reply 3');
      expect((await unread(dave)).unread).toBe(1);
      const one = await ctx.app.inject({ url: `/api/ticket/tickets/${t.id}`, headers: dave.auth });
      expect(one.json()).toMatchObject({ _id: t.id, unread: 1 });
    });
  });

  describe('escalate, close and reopen', () => {
    it('escalating is staff-only and one way: a second escalation is a 409, audited once', async () => {
      const owner = await signedIn(ctx);
      const t = await insertTicket(ctx, owner.user);
      const first = await post(support, `/api/ticket/tickets/${t.id}/escalate`);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        message: 'Ticket escalated',
        ticket: expect.objectContaining({ _id: t.id, escalated: true }),
      });
      const again = await post(admin, `/api/ticket/tickets/${t.id}/escalate`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'Ticket is already escalated.' });
      const [row] = await ctx.db.select().from(tickets).where(eq(tickets.id, t.id));
      expect(row!.escalated).toBe(true);
      const audit = await auditOf(t.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'ticket.escalate',
        actorId: support.user.id,
        targetType: 'ticket',
        details: { owner: owner.user.username },
      });
      // There is no way back: no route un-escalates.
      const back = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/ticket/tickets/${t.id}/escalate`,
        headers: admin.auth,
      });
      expect(back.statusCode).toBe(404);
    });

    it('the owner closes and reopens without an audit record; staff changes are audited', async () => {
      const owner = await signedIn(ctx);
      const t = await insertTicket(ctx, owner.user);
      const closed = await post(owner, `/api/ticket/tickets/${t.id}/close`);
      expect(closed.statusCode).toBe(200);
      expect(closed.json()).toMatchObject({
        message: 'Ticket closed',
        ticket: { status: 'closed' },
      });
      const twice = await post(owner, `/api/ticket/tickets/${t.id}/close`);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ message: 'Ticket is already closed.' });
      const reopened = await post(owner, `/api/ticket/tickets/${t.id}/reopen`);
      expect(reopened.json()).toMatchObject({
        message: 'Ticket reopened',
        ticket: { status: 'open' },
      });
      const open = await post(owner, `/api/ticket/tickets/${t.id}/reopen`);
      expect(open.statusCode).toBe(409);
      expect(open.json()).toEqual({ message: 'Ticket is already open.' });
      expect(await auditOf(t.id)).toEqual([]);
      await post(support, `/api/ticket/tickets/${t.id}/close`);
      await post(admin, `/api/ticket/tickets/${t.id}/reopen`);
      const audit = await auditOf(t.id);
      expect(audit.map((a) => [a.action, a.actorId]).sort()).toEqual(
        [
          ['ticket.close', support.user.id],
          ['ticket.reopen', admin.user.id],
        ].sort(),
      );
    });

    it("the owner's chat message reopens a closed ticket; a staff reply does not", async () => {
      const owner = await signedIn(ctx);
      const t = await insertTicket(ctx, owner.user, { status: 'closed' });
      const say = (who: Session) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/tickets/${t.id}/chats`,
          headers: who.auth,
          payload: { message: 'hello' },
        });
      expect((await say(support)).statusCode).toBe(201);
      const status = async () =>
        (await ctx.db.select().from(tickets).where(eq(tickets.id, t.id)))[0]!.status;
      expect(await status()).toBe('closed');
      expect((await say(owner)).statusCode).toBe(201);
      expect(await status()).toBe('open');
    });
  });

  describe('DELETE /api/ticket/tickets/{id}', () => {
    it('the owner deletes without audit; staff deletion is audited; messages go with it', async () => {
      const owner = await signedIn(ctx);
      const mine = await insertTicket(ctx, owner.user);
      await ctx.app.inject({
        method: 'POST',
        url: `/api/tickets/${mine.id}/chats`,
        headers: owner.auth,
        payload: { message: 'bye' },
      });
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/ticket/tickets/${mine.id}`,
        headers: owner.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(await auditOf(mine.id)).toEqual([]);
      const left = await rows(
        ctx,
        sql`select count(*)::int as n from ticket_messages where ticket_id = ${mine.id}`,
      );
      expect(left).toEqual([{ n: 0 }]);

      const theirs = await insertTicket(ctx, owner.user);
      const byStaff = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/ticket/tickets/${theirs.id}`,
        headers: support.auth,
      });
      expect(byStaff.statusCode).toBe(200);
      const audit = await auditOf(theirs.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'ticket.delete', actorId: support.user.id });
      const gone = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/ticket/tickets/${theirs.id}`,
        headers: support.auth,
      });
      expect(gone.statusCode).toBe(404);
    });
  });
});
