import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, rows, signedIn, type TestContext } from '../../../test/harness';
import { startReceiver, type Receiver } from '../../../test/receiver';
import { recordEvent } from '../events';
import {
  credit,
  generate,
  grant,
  LAUNCHER,
  redeem,
  setGlobalSettings,
} from '../keys/keys.fixtures';
import { createEndpoint, deliveriesOf } from './webhooks.fixtures';
import { nextAttemptAt } from './retry-schedule';

let ctx: TestContext;
let receiver: Receiver;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  [ctx, receiver] = await Promise.all([
    createTestApp({ env: { WEBHOOK_TIMEOUT_MS: '500' } }),
    startReceiver(),
  ]);
  staff = await signedIn(ctx, 'Admin');
});
afterAll(async () => {
  await ctx.close();
  await receiver.stop();
});

let n = 0;
let hook: string;
beforeEach(() => {
  hook = `h${++n}`;
});

const ticketCreated = (payload: Record<string, unknown> = {}) =>
  ctx.db.transaction((tx) =>
    recordEvent(tx, {
      type: 'ticket.created',
      subjectType: 'ticket',
      subjectId: 't1',
      payload: {
        ticketId: 't1',
        title: 'Cannot log in',
        reason: 'Bug Report',
        priority: 'High',
        ...payload,
      },
    }),
  );
const arrived = (name: string, count: number) =>
  expect.poll(async () => (await receiver.requests(name)).length, { timeout: 15_000 }).toBe(count);

describe('webhook endpoints API', () => {
  it('shows the secret once; lists, updates and deletes the owner’s endpoints only', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: staff.auth,
      payload: { url: receiver.url(hook), events: ['ticket.created'], kind: 'http' },
    });
    expect(created.statusCode).toBe(201);
    const { webhook, secret } = created.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toMatchObject({
      url: receiver.url(hook),
      kind: 'http',
      events: ['ticket.created'],
      disabledReason: null,
    });
    const list = await ctx.app.inject({ url: '/api/webhooks', headers: staff.auth });
    expect(list.json().webhooks.map((w: { _id: string }) => w._id)).toContain(webhook._id);
    expect(list.body).not.toContain(secret);
    const [stored] = await rows(
      ctx,
      sql`select * from webhook_endpoints where id = ${webhook._id}`,
    );
    expect(JSON.stringify(stored)).not.toContain(secret);

    const other = await signedIn(ctx, 'Admin');
    const foreign = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${webhook._id}`,
      headers: other.auth,
      payload: { events: ['order.paid'] },
    });
    expect(foreign.statusCode).toBe(404);
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${webhook._id}`,
      headers: staff.auth,
      payload: { events: ['order.paid', 'ticket.created'] },
    });
    expect(patched.json().webhook.events).toEqual(['order.paid', 'ticket.created']);
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/webhooks/${webhook._id}`,
      headers: staff.auth,
    });
    expect(gone.json()).toEqual({ message: 'Webhook deleted.' });
  });

  it('Members cannot register endpoints; Resellers only for their keys and balance', async () => {
    const member = await signedIn(ctx, 'Member');
    const body = { url: receiver.url(hook), events: ['key.redeemed'] };
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/webhooks',
          headers: member.auth,
          payload: body,
        })
      ).statusCode,
    ).toBe(403);
    const reseller = await signedIn(ctx, 'Reseller');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: reseller.auth,
      payload: { url: receiver.url(hook), events: ['ticket.created'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Resellers can subscribe only to events about their own keys and balance.',
    );
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: staff.auth,
      payload: { url: 'ftp://x', events: ['ticket.created'] },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('webhook delivery', () => {
  it('signs the exact body: Stellar-Signature t=<unix>,v1=HMAC-SHA256(secret, "t.body")', async () => {
    const { secret } = await createEndpoint(ctx, staff.auth, {
      url: receiver.url(hook),
      events: ['ticket.created'],
    });
    const event = await ticketCreated();
    await arrived(hook, 1);
    const [req] = await receiver.requests(hook);
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(req!.headers['stellar-signature']!);
    expect(match).not.toBeNull();
    const [, t, v1] = match!;
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(30);
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${req!.body}`).digest('hex'));
    expect(req!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req!.body)).toEqual({
      id: event.id,
      type: 'ticket.created',
      createdAt: event.createdAt.toISOString(),
      data: { ticketId: 't1', title: 'Cannot log in', reason: 'Bug Report', priority: 'High' },
    });
  });

  it('does not send events from before the endpoint existed, nor types it did not name', async () => {
    await ticketCreated();
    await createEndpoint(ctx, staff.auth, { url: receiver.url(hook), events: ['order.paid'] });
    await ticketCreated();
    const paid = await ctx.db.transaction((tx) =>
      recordEvent(tx, { type: 'order.paid', payload: { orderId: 'o1' } }),
    );
    await arrived(hook, 1);
    expect(JSON.parse((await receiver.requests(hook))[0]!.body).id).toBe(paid.id);
  });

  it('retries after a 500 (10 s later), with the same event id, and logs each attempt', async () => {
    await receiver.script(hook, [
      { status: 500, body: 'boom'.repeat(600) },
      { status: 200, body: 'thanks' },
    ]);
    const { webhook } = await createEndpoint(ctx, staff.auth, {
      url: receiver.url(hook),
      events: ['ticket.created'],
    });
    const event = await ticketCreated();
    await arrived(hook, 1);
    await expect
      .poll(async () => (await deliveriesOf(ctx, staff.auth, webhook._id)).length)
      .toBe(2);
    const [retry, first] = await deliveriesOf(ctx, staff.auth, webhook._id);
    expect(first).toMatchObject({
      eventId: event.id,
      type: 'ticket.created',
      attempt: 1,
      status: 'failed',
      responseStatus: 500,
    });
    expect(first!.responseBody).toHaveLength(1024);
    expect(first!.durationMs).toBeGreaterThanOrEqual(0);
    expect(retry).toMatchObject({ eventId: event.id, attempt: 2, status: 'pending' });
    const wait = new Date(retry!.nextAttemptAt!).getTime() - Date.now();
    expect(wait).toBeGreaterThan(5_000);
    expect(wait).toBeLessThanOrEqual(10_000);

    // The clock moves on: the retry comes due.
    await ctx.db.execute(
      sql`update webhook_deliveries set next_attempt_at = now() where id = ${retry!._id}`,
    );
    await arrived(hook, 2);
    const [a, b] = await receiver.requests(hook);
    expect(JSON.parse(b!.body).id).toBe(JSON.parse(a!.body).id);
    await expect
      .poll(async () => (await deliveriesOf(ctx, staff.auth, webhook._id))[0]!.status)
      .toBe('delivered');
    expect((await deliveriesOf(ctx, staff.auth, webhook._id))[0]).toMatchObject({
      attempt: 2,
      responseStatus: 200,
      responseBody: 'thanks',
    });
  });

  it('a receiver that does not answer in time is a failed attempt, retried later', async () => {
    await receiver.script(hook, [{ status: 200, delayMs: 3000 }]);
    const { webhook } = await createEndpoint(ctx, staff.auth, {
      url: receiver.url(hook),
      events: ['ticket.created'],
    });
    await ticketCreated();
    await expect
      .poll(async () => (await deliveriesOf(ctx, staff.auth, webhook._id)).length, {
        timeout: 10_000,
      })
      .toBe(2);
    const [retry, first] = await deliveriesOf(ctx, staff.auth, webhook._id);
    expect(first).toMatchObject({
      status: 'failed',
      responseStatus: null,
      error: 'Timed out after 500 ms',
    });
    expect(retry).toMatchObject({ attempt: 2, status: 'pending' });
  });

  it('sends one endpoint’s events one at a time, in event order', async () => {
    await receiver.script(hook, [{ status: 200, delayMs: 50 }]);
    await createEndpoint(ctx, staff.auth, { url: receiver.url(hook), events: ['ticket.created'] });
    const sent: string[] = [];
    for (let i = 0; i < 6; i++) sent.push((await ticketCreated({ n: i })).id);
    await arrived(hook, 6);
    const got = await receiver.requests(hook);
    expect(got.map((r) => JSON.parse(r.body).id)).toEqual(sent);
    for (let i = 1; i < got.length; i++)
      expect(got[i]!.at).toBeGreaterThanOrEqual(got[i - 1]!.at + 50);
  });

  it('a Reseller’s endpoint gets only events about its own keys and balance', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    const other = await signedIn(ctx, 'Reseller');
    await createEndpoint(ctx, reseller.auth, {
      url: receiver.url(hook),
      events: ['key.redeemed', 'reseller.balance.changed'],
    });
    await ctx.db.transaction((tx) =>
      recordEvent(tx, {
        type: 'key.redeemed',
        resellerId: other.user.id,
        payload: { who: 'other' },
      }),
    );
    const mine = await ctx.db.transaction((tx) =>
      recordEvent(tx, {
        type: 'key.redeemed',
        resellerId: reseller.user.id,
        payload: { who: 'mine' },
      }),
    );
    await arrived(hook, 1);
    await new Promise((r) => setTimeout(r, 1500));
    const got = await receiver.requests(hook);
    expect(got.map((r) => JSON.parse(r.body).id)).toEqual([mine.id]);
  });

  it('a Reseller hears of its balance paying for keys and of its key being redeemed', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    await grant(ctx, reseller.user.id, LAUNCHER._id);
    await credit(ctx, reseller.user.id, 10_000);
    await createEndpoint(ctx, reseller.auth, {
      url: receiver.url(hook),
      events: ['key.redeemed', 'reseller.balance.changed'],
    });
    const gen = await generate(ctx, reseller.auth, {
      productId: LAUNCHER._id,
      plan: 'Basic Plan',
      quantity: 1,
    });
    const member = await signedIn(ctx, 'Member');
    expect((await redeem(ctx, member.auth, gen.json().keys[0])).statusCode).toBe(200);
    await arrived(hook, 2);
    const [balance, redeemed] = (await receiver.requests(hook)).map((r) => JSON.parse(r.body));
    expect(balance).toMatchObject({
      type: 'reseller.balance.changed',
      data: { balance: 93, delta: -7, reason: 'key_purchase', quantity: 1 },
    });
    expect(redeemed).toMatchObject({
      type: 'key.redeemed',
      data: { productId: LAUNCHER._id, durationDays: 7 },
    });
  });

  it('tickets and HWID resets reach staff endpoints: created, member message, escalated, hwid.reset', async () => {
    await createEndpoint(ctx, staff.auth, {
      url: receiver.url(hook),
      events: ['ticket.created', 'ticket.message.created', 'ticket.escalated', 'hwid.reset'],
    });
    const member = await signedIn(ctx, 'Member');
    const ticket = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket/tickets',
      headers: member.auth,
      payload: { message: 'Charged twice', priority: 'High', reason: 'Billing Issue' },
    });
    expect(ticket.statusCode).toBe(201);
    const id = ticket.json()._id ?? ticket.json().ticket?._id;
    const chat = (who: typeof member, message: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/tickets/${id}/chats`,
        headers: who.auth,
        payload: { message },
      });
    expect((await chat(member, 'Any news?')).statusCode).toBe(201);
    expect((await chat(staff, 'Looking into it')).statusCode).toBe(201);
    const escalate = await ctx.app.inject({
      method: 'POST',
      url: `/api/ticket/tickets/${id}/escalate`,
      headers: staff.auth,
    });
    expect(escalate.statusCode).toBe(200);
    await setGlobalSettings(ctx, { allowHwidReset: true, hwidResetCooldownHours: 0 });
    await ctx.db.execute(
      sql`insert into licences (user_id, product_id, hwid, expires_at) values (${member.user.id}, ${LAUNCHER._id}, 'HW-1', now() + interval '30 days')`,
    );
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/${LAUNCHER._id}/reset-hwid`,
      headers: member.auth,
    });
    expect(reset.statusCode).toBe(200);
    await arrived(hook, 4);
    const got = (await receiver.requests(hook)).map((r) => JSON.parse(r.body));
    expect(got.map((e) => e.type)).toEqual([
      'ticket.created',
      'ticket.message.created',
      'ticket.escalated',
      'hwid.reset',
    ]);
    expect(got[0].data).toMatchObject({
      ticketId: id,
      reason: 'Billing Issue',
      priority: 'High',
      message: 'Charged twice',
    });
    expect(got[1].data).toMatchObject({
      ticketId: id,
      message: 'Any news?',
      username: member.user.username,
    });
    expect(got[2].data).toMatchObject({ ticketId: id, escalatedBy: staff.user.username });
    expect(got[3].data).toMatchObject({ productId: LAUNCHER._id });
  });

  it('redelivers from the log: a new attempt with the same event id', async () => {
    const { webhook } = await createEndpoint(ctx, staff.auth, {
      url: receiver.url(hook),
      events: ['ticket.created'],
    });
    const event = await ticketCreated();
    await arrived(hook, 1);
    await expect
      .poll(async () => (await deliveriesOf(ctx, staff.auth, webhook._id))[0]?.status)
      .toBe('delivered');
    const [first] = await deliveriesOf(ctx, staff.auth, webhook._id);

    const someoneElse = await signedIn(ctx, 'Admin');
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/deliveries/${first!._id}/redeliver`,
      headers: someoneElse.auth,
    });
    expect(foreign.statusCode).toBe(404);

    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/deliveries/${first!._id}/redeliver`,
      headers: staff.auth,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().delivery).toMatchObject({ eventId: event.id, attempt: 2, status: 'pending' });
    await arrived(hook, 2);
    expect(JSON.parse((await receiver.requests(hook))[1]!.body).id).toBe(event.id);
    await expect
      .poll(async () => (await deliveriesOf(ctx, staff.auth, webhook._id))[0]?.status)
      .toBe('delivered');
  });

  it('disables an endpoint that has failed for 3 days and says why; it can be turned back on', async () => {
    await receiver.script(hook, [{ status: 503, body: 'down' }]);
    const { webhook } = await createEndpoint(ctx, staff.auth, {
      url: receiver.url(hook),
      events: ['ticket.created'],
    });
    await ctx.db.execute(
      sql`update webhook_endpoints set failing_since = now() - interval '73 hours' where id = ${webhook._id}`,
    );
    await ticketCreated();
    await arrived(hook, 1);
    const reason = async () =>
      (await ctx.app.inject({ url: '/api/webhooks', headers: staff.auth }))
        .json()
        .webhooks.find((w: { _id: string }) => w._id === webhook._id).disabledReason;
    await expect.poll(reason).toBe('Failed for 3 days; last answer: HTTP 503.');
    // Disabled: its pending retry is not sent, new events are not queued, redelivery is refused.
    await ctx.db.execute(
      sql`update webhook_deliveries set next_attempt_at = now() where endpoint_id = ${webhook._id} and status = 'pending'`,
    );
    await ticketCreated();
    await new Promise((r) => setTimeout(r, 1500));
    expect(await receiver.requests(hook)).toHaveLength(1);
    const [, first] = await deliveriesOf(ctx, staff.auth, webhook._id);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/deliveries/${first!._id}/redeliver`,
      headers: staff.auth,
    });
    expect(refused.statusCode).toBe(409);

    await receiver.script(hook, [{ status: 200 }]);
    const on = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${webhook._id}`,
      headers: staff.auth,
      payload: { enabled: true },
    });
    expect(on.json().webhook.disabledReason).toBeNull();
    await arrived(hook, 2);
  });
});

describe('retry schedule', () => {
  it('10 s, 1 min, 5 min, 30 min, 2 h, then every 6 h, none later than 24 h after the first', () => {
    const first = new Date('2026-01-01T00:00:00Z');
    let now = first;
    const waits: number[] = [];
    for (let attempt = 1; ; attempt++) {
      const next = nextAttemptAt(attempt, first, now);
      if (!next) break;
      waits.push((next.getTime() - now.getTime()) / 1000);
      now = next;
    }
    expect(waits).toEqual([10, 60, 300, 1800, 7200, 21600, 21600, 21600]);
    expect(nextAttemptAt(1, first, first, 1500)!.getTime() - first.getTime()).toBe(1500);
  });
});

describe('Discord endpoints', () => {
  it('posts a readable embed, mentions nobody, and honours 429 retry_after', async () => {
    await receiver.script(hook, [
      {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '1' },
        body: JSON.stringify({
          message: 'You are being rate limited.',
          retry_after: 0.8,
          global: false,
        }),
      },
      { status: 204 },
    ]);
    const { webhook } = await createEndpoint(ctx, staff.auth, {
      url: receiver.url(hook),
      events: ['ticket.created'],
      kind: 'discord',
    });
    const event = await ticketCreated({ message: 'I cannot log in since the update @everyone' });
    await arrived(hook, 2);
    const [limited, sent] = await receiver.requests(hook);
    expect(sent!.at - limited!.at).toBeGreaterThanOrEqual(800);
    expect(sent!.at - limited!.at).toBeLessThan(8_000);
    expect(sent!.body).toBe(limited!.body);
    const body = JSON.parse(sent!.body);
    expect(body).toEqual({
      username: 'Stellar',
      allowed_mentions: { parse: [] },
      embeds: [
        {
          title: 'New ticket',
          description: 'I cannot log in since the update @everyone',
          color: 0x5865f2,
          fields: [
            { name: 'Title', value: 'Cannot log in', inline: true },
            { name: 'Reason', value: 'Bug Report', inline: true },
            { name: 'Priority', value: 'High', inline: true },
            { name: 'Ticket', value: 't1', inline: true },
          ],
          timestamp: event.createdAt.toISOString(),
          footer: { text: `ticket.created · ${event.id}` },
        },
      ],
    });
    await expect
      .poll(async () => (await deliveriesOf(ctx, staff.auth, webhook._id))[0]?.status)
      .toBe('delivered');
    const log = await deliveriesOf(ctx, staff.auth, webhook._id);
    expect(log.map((d) => [d.attempt, d.responseStatus])).toEqual([
      [2, 204],
      [1, 429],
    ]);
  });
});

describe('licence.expiring', () => {
  it('is emitted once per licence, 3 days before expiry, even when checks race', async () => {
    const member = await signedIn(ctx, 'Member');
    const soon = new Date(Date.now() + 2 * 24 * 3600_000);
    const [licence] = await rows<{ id: string }>(
      ctx,
      sql`insert into licences (user_id, product_id, expires_at) values (${member.user.id}, '64f1a2b3c4d5e6f701234567', ${soon.toISOString()}::timestamptz) returning id`,
    );
    const later = await signedIn(ctx, 'Member');
    await ctx.db.execute(
      sql`insert into licences (user_id, product_id, expires_at) values (${later.user.id}, '64f1a2b3c4d5e6f701234567', now() + interval '5 days')`,
    );
    const counts = await Promise.all([
      ctx.app.webhooks.checkExpiring(),
      ctx.app.webhooks.checkExpiring(),
    ]);
    await ctx.app.webhooks.checkExpiring();
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const emitted = await rows<{
      subject_id: string;
      user_id: string;
      payload: Record<string, unknown>;
    }>(ctx, sql`select subject_id, user_id, payload from events where type = 'licence.expiring'`);
    expect(emitted.filter((e) => e.subject_id === licence!.id)).toHaveLength(1);
    expect(emitted.some((e) => e.user_id === later.user.id)).toBe(false);
    expect(emitted.find((e) => e.subject_id === licence!.id)!.payload).toMatchObject({
      licenceId: licence!.id,
      productId: '64f1a2b3c4d5e6f701234567',
      username: member.user.username,
      expiresAt: soon.toISOString(),
    });
  });
});
