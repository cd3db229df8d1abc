import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAINTENANCE_PAGES } from '@stellar/shared';
import { createTestApp, signedIn, type TestContext } from '../../../test/harness';
import { auditLog, events } from '../../db/schema';

describe('maintenance switches', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const status = async () => (await ctx.app.inject('/api/maintenance/status')).json();
  const toggle = (
    action: 'enable' | 'disable',
    page: string,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/maintenance/${action}`,
      headers,
      payload: { page },
    });

  it('status is public and lists the seven pages, all off', async () => {
    const res = await ctx.app.inject('/api/maintenance/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      Object.fromEntries([...MAINTENANCE_PAGES].sort().map((p) => [p, false])),
    );
  });

  it('an Admin switches a page on and off, and each change is audited', async () => {
    const admin = await signedIn(ctx, 'Admin');
    const on = await toggle('enable', 'chat', admin.auth);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ message: 'Maintenance enabled for chat.' });
    expect((await status()).chat).toBe(true);
    expect((await toggle('disable', 'chat', admin.auth)).statusCode).toBe(200);
    expect((await status()).chat).toBe(false);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, admin.user.id));
    expect(audit.map((a) => a.action)).toEqual(['maintenance.enable', 'maintenance.disable']);
    expect(audit[0]).toMatchObject({
      targetType: 'page',
      targetId: 'chat',
      actorUsername: admin.user.username,
    });
    // The same command writes the outbox events that live updates consume.
    const changes = await ctx.db
      .select()
      .from(events)
      .where(eq(events.type, 'maintenance.changed'))
      .orderBy(events.seq);
    expect(changes.map((e) => e.payload)).toEqual([
      { page: 'chat', enabled: true },
      { page: 'chat', enabled: false },
    ]);
  });

  it('unknown pages are refused', async () => {
    const owner = await signedIn(ctx, 'Owner');
    const res = await toggle('enable', 'billing', owner.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Unknown page.', errors: { page: 'Unknown page.' } });
  });

  it.each(['Member', 'Support', 'Reseller'] as const)(
    '%s may not toggle (403), guests get 401',
    async (role) => {
      const user = await signedIn(ctx, role);
      const res = await toggle('enable', 'contact', user.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
      expect((await toggle('enable', 'contact')).statusCode).toBe(401);
      expect((await status()).contact).toBe(false);
    },
  );
});
