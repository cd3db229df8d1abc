import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../../../test/harness';
import { ticketMessages } from '../../db/schema';
import { countQueries } from '../auth/query-count.fixtures';
import { insertTicket } from './tickets.fixtures';

type Answer = Awaited<ReturnType<TestContext['app']['inject']>>;

describe('ticket reads: one query after the session', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  /** The answer and the number of statements it cost (the session's read included). */
  async function get(url: string, auth: Record<string, string>) {
    let res: Answer | undefined;
    const queries = await countQueries(ctx, async () => {
      res = await ctx.app.inject({ url, headers: auth });
    });
    return { res: res!, queries };
  }

  it('a page of tickets carries its total; a page past the end still gets the total', async () => {
    const member = await signedIn(ctx);
    const stranger = await signedIn(ctx);
    for (let i = 0; i < 3; i++) await insertTicket(ctx, member.user);
    await insertTicket(ctx, stranger.user);

    const page = await get('/api/ticket/tickets?pageSize=2', member.auth);
    expect(page.res.statusCode).toBe(200);
    expect(page.res.headers['x-total-count']).toBe('3');
    expect(page.res.json()).toHaveLength(2);
    expect(page.queries).toBe(2);

    const past = await get('/api/ticket/tickets?page=5&pageSize=2', member.auth);
    expect(past.res.statusCode).toBe(200);
    expect(past.res.json()).toEqual([]);
    expect(past.res.headers['x-total-count']).toBe('3');

    const none = await get('/api/ticket/tickets', (await signedIn(ctx)).auth);
    expect(none.res.json()).toEqual([]);
    expect(none.res.headers['x-total-count']).toBe('0');
  });

  it('a chat thread comes with its ticket in one query: oldest first, 404 for strangers', async () => {
    const member = await signedIn(ctx);
    const stranger = await signedIn(ctx);
    const ticket = await insertTicket(ctx, member.user);
    const empty = await insertTicket(ctx, member.user);
    const at = Date.now();
    await ctx.db.insert(ticketMessages).values(
      [2, 0, 1].map((i) => ({
        ticketId: ticket.id,
        authorId: member.user.id,
        sender: member.user.username,
        role: 'Username',
        message: `message ${i}`,
        timestamp: new Date(at - (3 - i) * 1000),
      })),
    );

    const thread = await get(`/api/tickets/${ticket.id}/chats`, member.auth);
    expect(thread.res.statusCode).toBe(200);
    expect(thread.res.json().map((m: { message: string }) => m.message)).toEqual([
      'message 0',
      'message 1',
      'message 2',
    ]);
    expect(thread.res.json()[0]).not.toHaveProperty('author');
    expect(thread.queries).toBe(2);

    const none = await get(`/api/tickets/${empty.id}/chats`, member.auth);
    expect(none.res.statusCode).toBe(200);
    expect(none.res.json()).toEqual([]);

    const theirs = await get(`/api/tickets/${ticket.id}/chats`, stranger.auth);
    expect(theirs.res.statusCode).toBe(404);
    expect(theirs.res.json()).toMatchObject({ message: 'Ticket not found.' });
    const missing = await get(`/api/tickets/${crypto.randomUUID()}/chats`, member.auth);
    expect(missing.res.statusCode).toBe(404);
    const malformed = await get('/api/tickets/not-a-ticket/chats', member.auth);
    expect(malformed.res.statusCode).toBe(404);
    expect(malformed.queries).toBe(1);
  });
});
