import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { MaintenancePage } from '@stellar/shared';
import { createTestApp, routeHooks, rows, signedIn, type TestContext } from '../../../test/harness';
import { maintenance } from '../../db/schema';
import { grant, credit, LAUNCHER, ownerKeys, redeem } from '../keys/keys.fixtures';

/** Maintenance switches bind the API for non-staff, not only the pages. */
describe('maintenance enforced by the API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const setSwitch = (page: MaintenancePage, enabled: boolean) =>
    ctx.db.update(maintenance).set({ enabled }).where(eq(maintenance.page, page));
  const count = async (table: string) =>
    Number((await rows<{ n: string }>(ctx, sql.raw(`select count(*) as n from ${table}`)))[0]!.n);

  it("pauses each paused page's writes for members and resellers with 503 and Retry-After; staff pass", async () => {
    const owner = await signedIn(ctx, 'Owner');
    const member = await signedIn(ctx);
    const reseller = await signedIn(ctx, 'Reseller');
    await grant(ctx, reseller.user.id, LAUNCHER._id);
    await credit(ctx, reseller.user.id, 10_000);
    const [voucher, spare] = await ownerKeys(ctx, owner, LAUNCHER._id, 'Basic Plan', 2);
    const licence = (await redeem(ctx, member.auth, voucher!)).json().product as { _id: string };
    const ticket = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/ticket/tickets',
        headers: member.auth,
        payload: { priority: 'Low', reason: 'General Inquiry', message: 'hello' },
      })
    ).json();
    const ticketId = ticket.id as string;
    expect(ticketId).toBeTruthy();

    const calls: [
      MaintenancePage,
      string,
      Record<string, string>,
      () => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>,
    ][] = [
      [
        'resell-panel',
        'key generation',
        reseller.auth,
        () =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/keys/generate',
            headers: reseller.auth,
            payload: { productId: LAUNCHER._id, plan: 'Basic Plan', quantity: 1 },
          }),
      ],
      [
        'contact',
        'ticket creation',
        member.auth,
        () =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/ticket/tickets',
            headers: member.auth,
            payload: { priority: 'Low', reason: 'General Inquiry', message: 'again' },
          }),
      ],
      [
        'chat',
        'chat post',
        member.auth,
        () =>
          ctx.app.inject({
            method: 'POST',
            url: `/api/tickets/${ticketId}/chats`,
            headers: member.auth,
            payload: { message: 'hi' },
          }),
      ],
      ['user-dashboard', 'redeem', member.auth, () => redeem(ctx, member.auth, spare!)],
      [
        'user-dashboard',
        'HWID reset',
        member.auth,
        () =>
          ctx.app.inject({
            method: 'POST',
            url: `/api/products/${licence._id}/reset-hwid`,
            headers: member.auth,
          }),
      ],
      [
        'user-dashboard',
        'licence settings',
        member.auth,
        () =>
          ctx.app.inject({
            method: 'PUT',
            url: `/api/licences/${licence._id}/settings`,
            headers: member.auth,
            payload: { settings: { a: 1 } },
          }),
      ],
    ];
    for (const [page, what, , call] of calls) {
      const before = await Promise.all(
        ['licence_keys', 'tickets', 'ticket_messages', 'balance_ledger'].map(count),
      );
      await setSwitch(page, true);
      const res = await call();
      expect(res.statusCode, what).toBe(503);
      expect(JSON.parse(res.body), what).toEqual({
        message: 'This part of the site is under maintenance. Please try again later.',
      });
      expect(res.headers['retry-after'], what).toBe('300');
      const after = await Promise.all(
        ['licence_keys', 'tickets', 'ticket_messages', 'balance_ledger'].map(count),
      );
      expect(after, what).toEqual(before);
      await setSwitch(page, false);
      expect((await call()).statusCode, `${what} once the switch is off`).toBeLessThan(500);
    }
  });

  it("lets staff through and never pauses the tool's licence check", async () => {
    const owner = await signedIn(ctx, 'Owner');
    const support = await signedIn(ctx, 'Support');
    const member = await signedIn(ctx);
    const [voucher] = await ownerKeys(ctx, owner, LAUNCHER._id);
    const { licenceKey } = (await redeem(ctx, member.auth, voucher!)).json().product as {
      licenceKey: string;
    };
    await setSwitch('user-dashboard', true);
    await setSwitch('resell-panel', true);
    await setSwitch('contact', true);
    try {
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/keys/generate',
            headers: owner.auth,
            payload: { productId: LAUNCHER._id, plan: 'Basic Plan', quantity: 1 },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/ticket/tickets',
            headers: support.auth,
            payload: { priority: 'Low', reason: 'General Inquiry', message: 'staff' },
          })
        ).statusCode,
      ).toBeLessThan(300);
      const check = await ctx.app.inject({
        method: 'POST',
        url: '/api/client/validate',
        payload: {
          key: licenceKey,
          hwid: 'maintenance-machine',
          product: LAUNCHER.slug,
          nonce: 'n'.repeat(16),
        },
      });
      expect(check.json()).toMatchObject({ valid: true, code: 'VALID' });
    } finally {
      await setSwitch('user-dashboard', false);
      await setSwitch('resell-panel', false);
      await setSwitch('contact', false);
    }
  });

  it('hooks the guard only onto routes that name a page (public reads pay nothing for it)', () => {
    const blocks = routeHooks(ctx);
    const guarded = [...blocks.values()].filter((hooks) => hooks.includes('maintenanceGuardHook'));
    // chats 1, tickets 1, keys 2, licences 4 route handlers name a maintenance page.
    expect(guarded.length).toBeGreaterThanOrEqual(8);
    for (const label of [
      '/api/healthz (GET)',
      '/api/products (GET)',
      '/api/maintenance/status (GET)',
    ]) {
      const hooks = blocks.get(label);
      expect(hooks, label).toBeDefined();
      expect(hooks, label).not.toContain('(preHandler)');
    }
  });
});
