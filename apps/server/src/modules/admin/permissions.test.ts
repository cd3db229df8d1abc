import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@stellar/shared';
import { createTestApp, createUser, signedIn, type TestContext } from '../../../test/harness';

type Actor = Role | 'none';

/** docs/product.md#roles-and-permissions, written out by hand (not derived from the code under test). */
const MAY_MANAGE: Record<Role, Role[]> = {
  Member: [],
  Support: [],
  Reseller: [],
  Admin: ['Member', 'Support', 'Reseller'],
  Owner: ['Member', 'Support', 'Reseller', 'Admin'],
};
const ACTORS: Actor[] = ['none', ...ROLES];

/**
 * The roles and permissions table as a test: every staff endpoint x every actor role (x every target role for
 * the endpoints that act on a user), asserting the exact allow/deny.
 */
describe('permissions table (docs/product.md#roles-and-permissions)', () => {
  let ctx: TestContext;
  const auth: Partial<Record<Actor, Record<string, string>>> = { none: {} };
  let resellerId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    for (const role of ROLES) auth[role] = (await signedIn(ctx, role)).auth;
    resellerId = (await createUser(ctx, { role: 'Reseller' })).id;
  });
  afterAll(() => ctx.close());

  const expected = (actor: Actor, allowed: (a: Role) => boolean, ok: number) =>
    actor === 'none' ? 401 : allowed(actor) ? ok : 403;
  const adminOnly = (a: Role) => a === 'Admin' || a === 'Owner';

  // Endpoints that act on one target user.
  const targeted: {
    name: string;
    call: (
      id: string,
      target: Role,
    ) => { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
  }[] = [
    {
      name: 'change role',
      call: (id, t) => ({
        method: 'PUT',
        url: `/api/users/${id}/role`,
        payload: { role: t === 'Member' ? 'Support' : 'Member' },
      }),
    },
    { name: 'ban', call: (id) => ({ method: 'POST', url: `/api/users/${id}/ban`, payload: {} }) },
    { name: 'unban', call: (id) => ({ method: 'POST', url: `/api/users/${id}/unban` }) },
    { name: 'remove', call: (id) => ({ method: 'DELETE', url: `/api/users/${id}` }) },
    { name: 'reset 2FA', call: (id) => ({ method: 'POST', url: `/api/users/${id}/reset-2fa` }) },
    {
      name: 'issue reset code',
      call: (id) => ({ method: 'POST', url: `/api/users/${id}/reset-code` }),
    },
    {
      name: 'login as',
      call: (id) => ({ method: 'POST', url: `/api/auth/login-as/${id}`, payload: {} }),
    },
  ];

  for (const endpoint of targeted) {
    it(`${endpoint.name}: actor x target`, async () => {
      const table: string[] = [];
      for (const actor of ACTORS) {
        for (const target of ROLES) {
          const victim = await createUser(ctx, { role: target });
          const req = endpoint.call(victim.id, target);
          const res = await ctx.app.inject({ ...req, headers: auth[actor] });
          const want = actor === 'none' ? 401 : MAY_MANAGE[actor].includes(target) ? 200 : 403;
          if (res.statusCode !== want)
            table.push(`${actor} -> ${target}: got ${res.statusCode}, want ${want} ${res.body}`);
        }
      }
      expect(table).toEqual([]);
    });
  }

  const untargeted: {
    name: string;
    req: () => { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
    ok: number;
  }[] = [
    { name: 'list users', req: () => ({ method: 'GET', url: '/api/users' }), ok: 200 },
    {
      name: 'create account',
      req: () => ({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: `made${Math.random().toString(36).slice(2, 10)}`, password: 'ABC123' },
      }),
      ok: 201,
    },
    {
      name: 'resellers & products',
      req: () => ({ method: 'GET', url: '/api/admin/resellers-products' }),
      ok: 200,
    },
    {
      name: 'grant product',
      req: () => ({
        method: 'POST',
        url: `/api/admin/resellers/${resellerId}/products`,
        payload: { productId: '64f1a2b3c4d5e6f701234568' },
      }),
      ok: 200,
    },
    {
      name: 'credit balance',
      req: () => ({
        method: 'POST',
        url: `/api/admin/resellers/${resellerId}/balance`,
        payload: { amount: 1, reason: 'test' },
      }),
      ok: 200,
    },
    {
      name: 'read settings',
      req: () => ({ method: 'GET', url: '/api/admin/global-product-settings' }),
      ok: 200,
    },
    {
      name: 'write settings',
      req: () => ({
        method: 'PUT',
        url: '/api/admin/global-product-settings',
        payload: { allowHWIDReset: 'no', allowSettingsAccess: 'no', hwidResetCooldownHours: 24 },
      }),
      ok: 200,
    },
    { name: 'overview', req: () => ({ method: 'GET', url: '/api/admin/overview' }), ok: 200 },
    { name: 'audit log', req: () => ({ method: 'GET', url: '/api/admin/audit' }), ok: 200 },
    { name: 'list coupons', req: () => ({ method: 'GET', url: '/api/admin/coupons' }), ok: 200 },
    { name: 'list orders', req: () => ({ method: 'GET', url: '/api/admin/orders' }), ok: 200 },
    {
      name: 'create coupon',
      req: () => ({
        method: 'POST',
        url: '/api/admin/coupons',
        payload: { code: `P${Math.random().toString(36).slice(2, 10)}`, percentOff: 10 },
      }),
      ok: 201,
    },
    {
      name: 'maintenance enable',
      req: () => ({ method: 'POST', url: '/api/maintenance/enable', payload: { page: 'other' } }),
      ok: 200,
    },
    {
      name: 'maintenance disable',
      req: () => ({ method: 'POST', url: '/api/maintenance/disable', payload: { page: 'other' } }),
      ok: 200,
    },
  ];

  it.each(untargeted)('$name: every role', async ({ req, ok }) => {
    const table: string[] = [];
    for (const actor of ACTORS) {
      const res = await ctx.app.inject({ ...req(), headers: auth[actor] });
      const want = expected(actor, adminOnly, ok);
      if (res.statusCode !== want) table.push(`${actor}: got ${res.statusCode}, want ${want}`);
    }
    expect(table).toEqual([]);
  });

  it('role assignment: only an Owner may make Admins or Owners', async () => {
    for (const [actor, role, want] of [
      ['Admin', 'Admin', 403],
      ['Admin', 'Owner', 403],
      ['Admin', 'Reseller', 200],
      ['Owner', 'Admin', 200],
      ['Owner', 'Owner', 200],
    ] as const) {
      const victim = await createUser(ctx, { role: 'Member' });
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${victim.id}/role`,
        headers: auth[actor],
        payload: { role },
      });
      expect(res.statusCode, `${actor} makes ${role}`).toBe(want);
      if (want === 403)
        expect(res.json()).toEqual({
          message: 'Only an Owner can make someone an Admin or Owner.',
        });
    }
  });
});
