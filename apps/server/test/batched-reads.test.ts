import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketMessages, ticketReads } from '../src/db/schema';
import { countQueries } from '../src/modules/auth/query-count.fixtures';
import {
  CLOTHING,
  credit,
  generate,
  grant,
  LAUNCHER,
  ownerKeys,
  redeem,
} from '../src/modules/keys/keys.fixtures';
import { insertTicket } from '../src/modules/tickets/tickets.fixtures';
import { createTestApp, signedIn, type TestContext } from './harness';

type Auth = Record<string, string>;
type Member = Awaited<ReturnType<typeof signedIn>>;

/**
 * The signed-in reads whose concurrent requests share one query (users/user, users/owns, the
 * member's ticket list, a chat thread, the reseller panel): every request answered together with others gets exactly
 * the answer it gets alone, its own and nobody else's, and the batch costs fewer statements.
 */
describe('batched signed-in reads answer each request as if it came alone', () => {
  let ctx: TestContext;
  let owner: Member;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  const ticketsOf: Record<string, string[]> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signedIn(ctx, 'Owner');
    [alice, bob, carol] = [await signedIn(ctx), await signedIn(ctx), await signedIn(ctx)];
    for (const [member, productId] of [
      [alice, LAUNCHER._id],
      [alice, CLOTHING._id],
      [bob, LAUNCHER._id],
    ] as const) {
      const [key] = await ownerKeys(ctx, owner, productId);
      expect((await redeem(ctx, member.auth, key!)).statusCode).toBe(200);
    }
    const at = Date.now();
    for (const [member, count] of [
      [alice, 5],
      [bob, 2],
    ] as const) {
      ticketsOf[member.user.id] = [];
      for (let i = 0; i < count; i++) {
        const ticket = await insertTicket(ctx, member.user, {
          status: i % 2 ? 'closed' : 'open',
          priority: i === 0 ? 'High' : 'Low',
          updatedAt: new Date(at - i * 60_000),
        });
        ticketsOf[member.user.id]!.push(ticket.id);
      }
    }
    // Alice's first ticket: two answers from staff, one read by her; Bob's: one message of his own.
    const [aliceFirst] = ticketsOf[alice.user.id]!;
    const [bobFirst] = ticketsOf[bob.user.id]!;
    await ctx.db.insert(ticketMessages).values([
      ...[1, 2].map((i) => ({
        ticketId: aliceFirst!,
        authorId: owner.user.id,
        sender: 'Support',
        role: 'Support',
        message: `answer ${i}`,
        timestamp: new Date(at - (3 - i) * 1000),
      })),
      {
        ticketId: bobFirst!,
        authorId: bob.user.id,
        sender: bob.user.username,
        role: 'Username',
        message: 'still broken',
        timestamp: new Date(at - 500),
      },
    ]);
    await ctx.db
      .insert(ticketReads)
      .values({ userId: alice.user.id, ticketId: aliceFirst!, lastReadAt: new Date(at - 1500) });
  });
  afterAll(() => ctx.close());

  const get = (url: string, auth: Auth) => ctx.app.inject({ url, headers: auth });
  const seen = async (url: string, auth: Auth) => {
    const res = await get(url, auth);
    return { status: res.statusCode, total: res.headers['x-total-count'], body: res.json() };
  };

  /** Every request alone, then all of them at once: the same answers, and fewer statements. */
  async function sameTogether(requests: { url: string; auth: Auth }[]) {
    const alone: Awaited<ReturnType<typeof seen>>[] = [];
    let aloneQueries = 0;
    for (const r of requests) {
      aloneQueries += await countQueries(ctx, async () => {
        alone.push(await seen(r.url, r.auth));
      });
    }
    let together: Awaited<ReturnType<typeof seen>>[] = [];
    const queries = await countQueries(ctx, async () => {
      together = await Promise.all(requests.map((r) => seen(r.url, r.auth)));
    });
    expect(together).toEqual(alone);
    // Alone, each request costs at least two statements (its session, its read); together the
    // sessions share one and the batched reads one per kind.
    expect(aloneQueries).toBeGreaterThanOrEqual(2 * requests.length - 1);
    expect(queries).toBeLessThan(aloneQueries / 2);
    return alone;
  }

  it('GET /api/users/user: each caller gets their own account', async () => {
    const answers = await sameTogether(
      [alice, bob, carol, alice, owner].map((m) => ({ url: '/api/users/user', auth: m.auth })),
    );
    expect(answers.map((a) => a.body.username)).toEqual(
      [alice, bob, carol, alice, owner].map((m) => m.user.username),
    );
  });

  it('GET /api/users/owns: each member gets their own licences, none for a member without', async () => {
    const answers = await sameTogether(
      [alice, bob, carol, alice].map((m) => ({ url: '/api/users/owns', auth: m.auth })),
    );
    expect(answers.map((a) => a.body.ownedProducts.length)).toEqual([2, 1, 0, 2]);
  });

  it('GET /api/ticket/tickets: own tickets only, with each request its filters, page and total', async () => {
    const requests = [
      { url: '/api/ticket/tickets', auth: alice.auth },
      { url: '/api/ticket/tickets?status=closed', auth: alice.auth },
      { url: '/api/ticket/tickets?priority=High', auth: alice.auth },
      { url: '/api/ticket/tickets?pageSize=2&page=2', auth: alice.auth },
      { url: '/api/ticket/tickets?page=9', auth: alice.auth },
      { url: '/api/ticket/tickets', auth: bob.auth },
      { url: '/api/ticket/tickets', auth: carol.auth },
      { url: '/api/ticket/tickets?status=closed', auth: alice.auth },
    ];
    const answers = await sameTogether(requests);
    const ids = (a: (typeof answers)[number]) => a.body.map((t: { _id: string }) => t._id);
    const aliceIds = ticketsOf[alice.user.id]!;
    expect(ids(answers[0]!)).toEqual(aliceIds);
    expect(answers[0]!.total).toBe('5');
    expect(answers[0]!.body[0].unread).toBe(1);
    expect(ids(answers[1]!)).toEqual([aliceIds[1], aliceIds[3]]);
    expect(answers[1]!.total).toBe('2');
    expect(ids(answers[2]!)).toEqual([aliceIds[0]]);
    expect(ids(answers[3]!)).toEqual([aliceIds[2], aliceIds[3]]);
    expect(answers[3]!.total).toBe('5');
    expect(answers[4]!.body).toEqual([]);
    expect(answers[4]!.total).toBe('5');
    expect(ids(answers[5]!)).toEqual(ticketsOf[bob.user.id]);
    expect(answers[5]!.body[0].unread).toBe(0);
    expect(answers[6]!).toMatchObject({ status: 200, total: '0', body: [] });
    expect(answers[7]).toEqual(answers[1]);
  });

  it("GET /api/tickets/{id}/chats: own threads and staff's, 404 for another member's beside them", async () => {
    const [aliceFirst, aliceEmpty] = ticketsOf[alice.user.id]!;
    const [bobFirst] = ticketsOf[bob.user.id]!;
    const answers = await sameTogether([
      { url: `/api/tickets/${aliceFirst}/chats`, auth: alice.auth },
      { url: `/api/tickets/${aliceFirst}/chats`, auth: bob.auth },
      { url: `/api/tickets/${aliceFirst!.toUpperCase()}/chats`, auth: owner.auth },
      { url: `/api/tickets/${aliceEmpty}/chats`, auth: alice.auth },
      { url: `/api/tickets/${bobFirst}/chats`, auth: bob.auth },
      { url: `/api/tickets/${crypto.randomUUID()}/chats`, auth: alice.auth },
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 404, 200, 200, 200, 404]);
    expect(answers[0]!.body.map((m: { message: string }) => m.message)).toEqual([
      'answer 1',
      'answer 2',
    ]);
    expect(answers[0]!.body[0]).not.toHaveProperty('author');
    expect(answers[1]!.body).toEqual({ message: 'Ticket not found.' });
    expect(answers[2]!.body[0].author).toBe(owner.user.username);
    expect(answers[3]!.body).toEqual([]);
    expect(answers[4]!.body.map((m: { message: string }) => m.message)).toEqual(['still broken']);
  });

  it('GET /api/resellers/me: each reseller their own balance, grants, key page and count', async () => {
    const [first, second, idle] = [
      await signedIn(ctx, 'Reseller'),
      await signedIn(ctx, 'Reseller'),
      await signedIn(ctx, 'Reseller'),
    ];
    await grant(ctx, first.user.id, LAUNCHER._id);
    await grant(ctx, second.user.id, CLOTHING._id);
    await credit(ctx, first.user.id, 10_000);
    await credit(ctx, second.user.id, 5_000);
    for (const [who, productId, plan, quantity] of [
      [first, LAUNCHER._id, 'Basic Plan', 3],
      [second, CLOTHING._id, 'Standard Plan', 1],
    ] as const) {
      const res = await generate(ctx, who.auth, { productId, plan, quantity });
      expect(res.statusCode).toBe(200);
    }
    const answers = await sameTogether([
      { url: '/api/resellers/me', auth: first.auth },
      { url: '/api/resellers/me?page=2&pageSize=2', auth: first.auth },
      { url: '/api/resellers/me', auth: second.auth },
      { url: '/api/resellers/me', auth: idle.auth },
      { url: '/api/resellers/me', auth: alice.auth },
      { url: '/api/resellers/me', auth: first.auth },
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 403, 200]);
    expect(answers[5]).toEqual(answers[0]);
    const [all, page2, other, none] = answers.map((a) => a.body);
    expect(all.keys.total).toBe(3);
    expect(all.keys.items).toHaveLength(3);
    expect(page2.keys.items).toEqual(all.keys.items.slice(2));
    expect(all.products.map((p: { _id: string }) => p._id)).toEqual([LAUNCHER._id]);
    expect(other.products.map((p: { _id: string }) => p._id)).toEqual([CLOTHING._id]);
    expect(other.keys.total).toBe(1);
    expect(other.balance).toBeLessThan(50);
    expect(all.balance).toBeLessThan(100);
    expect(none).toMatchObject({ balance: 0, products: [], keys: { items: [], total: 0 } });
  });

  it('GET /api/users (staff): each list its page, role and status, beside a search', async () => {
    const admin = await signedIn(ctx, 'Admin');
    const banned = await signedIn(ctx);
    const reseller = await signedIn(ctx, 'Reseller');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/users/${banned.user.id}/ban`,
          headers: owner.auth,
          payload: { reason: 'chargeback' },
        })
      ).statusCode,
    ).toBe(200);
    const answers = await sameTogether([
      { url: '/api/users', auth: owner.auth },
      { url: '/api/users?page=2&pageSize=2', auth: owner.auth },
      { url: '/api/users?pageSize=3', auth: admin.auth },
      { url: `/api/users?search=${alice.user.username}`, auth: admin.auth },
      { url: '/api/users?page=999', auth: owner.auth },
      { url: '/api/users?status=banned', auth: owner.auth },
      { url: '/api/users?status=all&role=Reseller', auth: owner.auth },
      { url: '/api/users?role=Owner', auth: admin.auth },
      { url: '/api/users', auth: admin.auth },
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200]);
    expect(answers[8]).toEqual(answers[0]);
    const [all, page2, first3, search, past, bannedOnly, resellers, owners] = answers.map(
      (a) => a.body,
    );
    const ids = (list: { users: { _id: string }[] }) => list.users.map((u) => u._id);
    expect(ids(all)).not.toContain(banned.user.id);
    expect(ids(bannedOnly)).toEqual([banned.user.id]);
    expect(bannedOnly.total).toBe(1);
    expect(resellers.users.map((u: { role: string }) => u.role)).toEqual(
      resellers.users.map(() => 'Reseller'),
    );
    expect(ids(resellers)).toContain(reseller.user.id);
    expect(resellers.total).toBe(resellers.users.length);
    expect(ids(owners)).toEqual([owner.user.id]);
    expect(all.total).toBeGreaterThanOrEqual(9);
    expect(ids(page2)).toEqual(ids(all).slice(2, 4));
    expect(ids(first3)).toEqual(ids(all).slice(0, 3));
    expect(ids(search)).toEqual([alice.user.id]);
    expect(past).toMatchObject({ users: [], total: all.total, page: 999 });
  });
});
