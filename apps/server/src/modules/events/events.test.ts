import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, rows, type TestContext } from '../../../test/harness';
import { writeAudit } from '../audit/audit.service';
import { EVENTS_CHANNEL, eventsAfter, recordEvent } from './index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('events outbox', () => {
  it('keeps an event only when its transaction commits, and announces it on commit', async () => {
    const heard: string[] = [];
    const unlisten = await ctx.database.listen(EVENTS_CHANNEL, (p) => heard.push(p));
    const before = (await eventsAfter(ctx.db, 0)).length;

    await expect(
      ctx.db.transaction(async (tx) => {
        await recordEvent(tx, { type: 'ticket.created', subjectType: 'ticket', subjectId: 'x' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await eventsAfter(ctx.db, 0)).toHaveLength(before);

    const stored = await ctx.db.transaction((tx) =>
      recordEvent(tx, { type: 'key.redeemed', payload: { code: 'STLR' } }),
    );
    const after = await eventsAfter(ctx.db, 0);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ id: stored.id, type: 'key.redeemed' });
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    // The event travels inside the NOTIFY when it fits (consumers need no query).
    expect(JSON.parse(heard.at(-1)!)).toEqual({
      id: stored.id,
      seq: stored.seq,
      type: 'key.redeemed',
      event: { ...stored, createdAt: stored.createdAt.toISOString() },
    });
    await unlisten();
  });

  it('orders events by seq', async () => {
    const a = await recordEvent(ctx.db, { type: 'ticket.created' });
    const b = await recordEvent(ctx.db, { type: 'ticket.updated' });
    expect(b.seq).toBeGreaterThan(a.seq);
    expect((await eventsAfter(ctx.db, a.seq)).map((e) => e.id)).toEqual([b.id]);
  });
});

describe('audit by actor', () => {
  it('names the impersonator as actor and keeps the impersonated account in the details', async () => {
    const admin = await createUser(ctx, { role: 'Admin' });
    const member = await createUser(ctx);
    await writeAudit(
      ctx.db,
      {
        id: member.id,
        username: member.username,
        role: 'Member',
        ip: '10.0.0.1',
        impersonator: { id: admin.id, username: admin.username },
      },
      { action: 'test.impersonated', targetType: 'user', targetId: member.id },
    );
    const [row] = await rows<{ actor_id: string; actor_username: string; details: unknown }>(
      ctx,
      sql`select actor_id, actor_username, details from audit_log where action = 'test.impersonated'`,
    );
    expect(row).toEqual({
      actor_id: admin.id,
      actor_username: admin.username,
      details: { asUser: { id: member.id, username: member.username } },
    });
  });
});

describe('outbox announcements', () => {
  it('travel on their own channel, never on the live-update channel', async () => {
    const { CHANNEL } = await import('../../plugins/realtime');
    expect(EVENTS_CHANNEL).not.toBe(CHANNEL);
  });
});
