import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signedIn, type TestContext } from '../../../test/harness';
import { ticketMessages, ticketReads, tickets } from '../../db/schema';
import { insertTicket } from './tickets.fixtures';

type Actor = 'owner' | 'member' | 'support' | 'admin' | 'none';
type Row = typeof tickets.$inferSelect;

const NOT_FOUND = { status: 404, body: { message: 'Ticket not found.' } };
const NO_TOKEN = { status: 401, body: { message: 'Authentication required.' } };
const FORBIDDEN = { status: 403, body: { message: 'You do not have permission to do this.' } };

interface Call {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: (id: string) => string;
  payload?: object;
  closed?: boolean;
  expect: Record<Actor, number | { status: number; body: object }>;
  /** DB check after the call: `allowed` says whether the call went through. */
  after: (ctx: TestContext, row: Row, allowed: boolean) => Promise<void>;
}

const ticketRow = async (ctx: TestContext, id: string) =>
  (await ctx.db.select().from(tickets).where(eq(tickets.id, id)))[0];
const messagesOf = (ctx: TestContext, id: string) =>
  ctx.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, id));
const unchanged = async (ctx: TestContext, row: Row) => {
  expect(await ticketRow(ctx, row.id)).toEqual(row);
};

// The access table of docs/product.md#roles-and-permissions, for every ticket and chat call.
const calls: Call[] = [
  {
    name: 'GET /api/ticket/tickets/{id}',
    method: 'GET',
    path: (id) => `/api/ticket/tickets/${id}`,
    expect: { owner: 200, member: NOT_FOUND, support: 200, admin: 200, none: NO_TOKEN },
    after: (ctx, row) => unchanged(ctx, row),
  },
  {
    name: 'DELETE /api/ticket/tickets/{id}',
    method: 'DELETE',
    path: (id) => `/api/ticket/tickets/${id}`,
    expect: {
      owner: { status: 200, body: { message: 'Ticket deleted' } },
      member: NOT_FOUND,
      support: 200,
      admin: 200,
      none: NO_TOKEN,
    },
    after: async (ctx, row, allowed) => {
      if (allowed) expect(await ticketRow(ctx, row.id)).toBeUndefined();
      else await unchanged(ctx, row);
    },
  },
  {
    name: 'POST /api/ticket/tickets/{id}/escalate',
    method: 'POST',
    path: (id) => `/api/ticket/tickets/${id}/escalate`,
    expect: { owner: FORBIDDEN, member: FORBIDDEN, support: 200, admin: 200, none: NO_TOKEN },
    after: async (ctx, row, allowed) => {
      if (allowed) expect((await ticketRow(ctx, row.id))!.escalated).toBe(true);
      else await unchanged(ctx, row);
    },
  },
  {
    name: 'POST /api/ticket/tickets/{id}/close',
    method: 'POST',
    path: (id) => `/api/ticket/tickets/${id}/close`,
    expect: { owner: 200, member: NOT_FOUND, support: 200, admin: 200, none: NO_TOKEN },
    after: async (ctx, row, allowed) => {
      if (allowed) expect((await ticketRow(ctx, row.id))!.status).toBe('closed');
      else await unchanged(ctx, row);
    },
  },
  {
    name: 'POST /api/ticket/tickets/{id}/reopen',
    method: 'POST',
    path: (id) => `/api/ticket/tickets/${id}/reopen`,
    closed: true,
    expect: { owner: 200, member: NOT_FOUND, support: 200, admin: 200, none: NO_TOKEN },
    after: async (ctx, row, allowed) => {
      if (allowed) expect((await ticketRow(ctx, row.id))!.status).toBe('open');
      else await unchanged(ctx, row);
    },
  },
  {
    name: 'GET /api/tickets/{id}/chats',
    method: 'GET',
    path: (id) => `/api/tickets/${id}/chats`,
    expect: { owner: 200, member: NOT_FOUND, support: 200, admin: 200, none: NO_TOKEN },
    after: (ctx, row) => unchanged(ctx, row),
  },
  {
    name: 'POST /api/tickets/{id}/chats',
    method: 'POST',
    path: (id) => `/api/tickets/${id}/chats`,
    payload: { message: 'Any news?' },
    expect: { owner: 201, member: NOT_FOUND, support: 201, admin: 201, none: NO_TOKEN },
    after: async (ctx, row, allowed) => {
      expect(await messagesOf(ctx, row.id)).toHaveLength(allowed ? 1 : 0);
    },
  },
  {
    name: 'POST /api/tickets/{id}/read',
    method: 'POST',
    path: (id) => `/api/tickets/${id}/read`,
    expect: { owner: 200, member: NOT_FOUND, support: 200, admin: 200, none: NO_TOKEN },
    after: async (ctx, row, allowed) => {
      const reads = await ctx.db.select().from(ticketReads).where(eq(ticketReads.ticketId, row.id));
      expect(reads).toHaveLength(allowed ? 1 : 0);
    },
  },
];

describe('who may call each ticket and chat endpoint', () => {
  let ctx: TestContext;
  let auth: Record<Exclude<Actor, 'none'>, Awaited<ReturnType<typeof signedIn>>>;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signedIn(ctx, 'Member');
    auth = {
      owner,
      member: await signedIn(ctx, 'Member'),
      support: await signedIn(ctx, 'Support'),
      admin: await signedIn(ctx, 'Admin'),
    };
  });
  afterAll(() => ctx.close());

  const actors: Actor[] = ['owner', 'member', 'support', 'admin', 'none'];
  for (const call of calls) {
    describe(call.name, () => {
      for (const actor of actors) {
        it(`${actor}: ${JSON.stringify(call.expect[actor])}`, async () => {
          const row = await insertTicket(ctx, owner.user, call.closed ? { status: 'closed' } : {});
          const res = await ctx.app.inject({
            method: call.method,
            url: call.path(row.id),
            headers: actor === 'none' ? {} : auth[actor].auth,
            ...(call.payload ? { payload: call.payload } : {}),
          });
          const expected = call.expect[actor];
          const status = typeof expected === 'number' ? expected : expected.status;
          expect(res.statusCode, res.body).toBe(status);
          if (typeof expected !== 'number') expect(res.json()).toEqual(expected.body);
          await call.after(ctx, row, status < 300);
        });
      }
    });
  }

  it('an unknown or malformed id is the same 404 as a stranger gets', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or 1=1 --"]) {
      for (const url of [
        `/api/ticket/tickets/${encodeURIComponent(id)}`,
        `/api/tickets/${encodeURIComponent(id)}/chats`,
      ]) {
        const res = await ctx.app.inject({ url, headers: auth.admin.auth });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Ticket not found.' });
      }
    }
  });

  it('a Reseller is a member here: own tickets only, may delete its own', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    const others = await insertTicket(ctx, owner.user);
    const own = await insertTicket(ctx, reseller.user);
    const denied = await ctx.app.inject({
      url: `/api/ticket/tickets/${others.id}`,
      headers: reseller.auth,
    });
    expect(denied.statusCode).toBe(404);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/ticket/tickets/${own.id}`,
      headers: reseller.auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await ticketRow(ctx, own.id)).toBeUndefined();
  });
});
