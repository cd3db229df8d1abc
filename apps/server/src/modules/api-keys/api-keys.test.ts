import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { API_KEY_SCOPES, type ApiKeyScope, type Role } from '@stellar/shared';
import { createTestApp, rows, signedIn, type TestContext } from '../../../test/harness';
import { sha256 } from '../../lib/crypto';
import { createSession } from '../auth/sessions.service';
import { API_KEY_INVALID, API_KEY_SCOPE_MISSING } from '../../plugins/auth';
import { credit, grant, LAUNCHER } from '../keys/keys.fixtures';

type Headers = Record<string, string>;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const createKey = (auth: Headers, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/api-keys', headers: auth, payload });

async function keyFor(auth: Headers, scopes: ApiKeyScope[], name = 'test key') {
  const res = await createKey(auth, { name, scopes });
  expect(res.statusCode).toBe(201);
  const { key, apiKey } = res.json() as { key: string; apiKey: { _id: string } };
  return { key, id: apiKey._id, auth: { authorization: `Bearer ${key}` } };
}

describe('API keys: create, list, revoke', () => {
  it('shows the key once, stores only its SHA-256, and never lists it again', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    const res = await createKey(reseller.auth, { name: 'My shop bot', scopes: ['licences:read'] });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.key).toMatch(/^stl_[A-Za-z0-9_-]{43}$/);
    expect(body.apiKey).toMatchObject({
      name: 'My shop bot',
      scopes: ['licences:read'],
      productId: null,
      plan: null,
      lastUsedAt: null,
    });
    const [stored] = await rows<{ key_hash: string }>(
      ctx,
      sql`select key_hash from api_keys where id = ${body.apiKey._id}`,
    );
    expect(stored!.key_hash).toBe(sha256(body.key));
    const everything = await rows(ctx, sql`select * from api_keys where id = ${body.apiKey._id}`);
    expect(JSON.stringify(everything)).not.toContain(body.key);

    const list = await ctx.app.inject({ url: '/api/api-keys', headers: reseller.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().apiKeys).toHaveLength(1);
    expect(list.body).not.toContain(body.key);
    expect(list.body).not.toContain(stored!.key_hash);
  });

  it('Members and Support cannot create keys; bad input is a 400 naming the field', async () => {
    for (const role of ['Member', 'Support'] as Role[]) {
      const user = await signedIn(ctx, role);
      const res = await createKey(user.auth, { name: 'x', scopes: ['licences:read'] });
      expect(res.statusCode).toBe(403);
    }
    const admin = await signedIn(ctx, 'Admin');
    const bad = await createKey(admin.auth, { name: 'x', scopes: ['root'] });
    expect(bad.statusCode).toBe(400);
    const deliverAlone = await createKey(admin.auth, { name: 'x', scopes: ['deliver'] });
    expect(deliverAlone.statusCode).toBe(400);
    expect(deliverAlone.json().message).toBe('A delivery key needs a product and a plan.');
    const mixed = await createKey(admin.auth, {
      name: 'x',
      scopes: ['deliver', 'licences:read'],
      productId: LAUNCHER._id,
      plan: 'Basic Plan',
    });
    expect(mixed.json().message).toBe('A delivery key cannot have other scopes.');
  });

  it('a login-as session cannot create a key for the account it impersonates', async () => {
    const admin = await signedIn(ctx, 'Admin');
    const reseller = await signedIn(ctx, 'Reseller');
    const token = await createSession(ctx.db, reseller.user.id, { impersonatedBy: admin.user.id });
    const res = await createKey(
      { authorization: `Bearer ${token}` },
      { name: 'x', scopes: ['licences:read'] },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Not allowed while signed in as another user.' });
  });

  it('a Reseller cannot bind a delivery key to a product it may not sell', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    const res = await createKey(reseller.auth, {
      name: 'shop',
      scopes: ['deliver'],
      productId: LAUNCHER._id,
      plan: 'Basic Plan',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You are not allowed to sell this product.');
  });

  it('a revoked key is refused on its very next request; others cannot revoke it', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    const { id, auth } = await keyFor(reseller.auth, ['licences:read']);
    expect((await ctx.app.inject({ url: '/api/users/owns', headers: auth })).statusCode).toBe(200);

    const other = await signedIn(ctx, 'Admin');
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${id}`,
      headers: other.auth,
    });
    expect(foreign.statusCode).toBe(404);

    const revoke = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${id}`,
      headers: reseller.auth,
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({ message: 'API key revoked.' });
    const after = await ctx.app.inject({ url: '/api/users/owns', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: API_KEY_INVALID });
    expect(
      (await ctx.app.inject({ url: '/api/api-keys', headers: reseller.auth })).json().apiKeys,
    ).toEqual([]);
  });

  it('records the time and address of the last use', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    const { id, auth } = await keyFor(reseller.auth, ['licences:read']);
    await ctx.app.inject({ url: '/api/users/owns', headers: auth, remoteAddress: '203.0.113.7' });
    const [row] = await rows<{ last_used_at: Date | null; last_used_ip: string }>(
      ctx,
      sql`select last_used_at, last_used_ip from api_keys where id = ${id}`,
    );
    expect(row!.last_used_ip).toBe('203.0.113.7');
    expect(Date.now() - new Date(row!.last_used_at!).getTime()).toBeLessThan(60_000);
    const listed = (await ctx.app.inject({ url: '/api/api-keys', headers: reseller.auth })).json();
    expect(listed.apiKeys[0].lastUsedIp).toBe('203.0.113.7');
  });
});

describe('API keys: scope x role matrix', () => {
  /** Each scoped route, called so that a session of the same user would succeed. */
  const calls: {
    scope: ApiKeyScope | null;
    call: (auth: Headers) => Promise<LightMyRequestResponse>;
  }[] = [
    {
      scope: 'keys:generate',
      call: (auth) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/keys/generate',
          headers: auth,
          payload: { productId: LAUNCHER._id, plan: 'Basic Plan', quantity: 1 },
        }),
    },
    {
      scope: 'licences:read',
      call: (auth) => ctx.app.inject({ url: '/api/users/owns', headers: auth }),
    },
    {
      scope: 'licences:write',
      call: (auth) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/products/${LAUNCHER._id}/reset-hwid`,
          headers: auth,
        }),
    },
    {
      scope: 'orders:read',
      call: (auth) => ctx.app.inject({ url: '/api/orders', headers: auth }),
    },
    {
      scope: 'orders:read',
      call: (auth) => ctx.app.inject({ url: '/api/admin/orders', headers: auth }),
    },
    // Routes that name no scope take sessions only.
    { scope: null, call: (auth) => ctx.app.inject({ url: '/api/users/user', headers: auth }) },
    { scope: null, call: (auth) => ctx.app.inject({ url: '/api/api-keys', headers: auth }) },
    { scope: null, call: (auth) => ctx.app.inject({ url: '/api/resellers/me', headers: auth }) },
  ];

  for (const role of ['Reseller', 'Admin', 'Owner'] as Role[]) {
    for (const scope of API_KEY_SCOPES.filter((s) => s !== 'deliver')) {
      it(`${role} key with ${scope}: only routes of that scope, as the owner`, async () => {
        const owner = await signedIn(ctx, role);
        await grant(ctx, owner.user.id, LAUNCHER._id);
        await credit(ctx, owner.user.id, 100_000);
        const { auth } = await keyFor(owner.auth, [scope]);
        for (const { scope: needed, call } of calls) {
          const viaKey = await call(auth);
          if (needed === scope) {
            const viaSession = await call(owner.auth);
            // The key gets what the session gets (same status), except the HWID reset, which a
            // session with no licence also gets refused the same way.
            expect(viaKey.statusCode).toBe(viaSession.statusCode);
            expect(viaKey.statusCode).not.toBe(401);
            expect(viaKey.json().message).not.toBe(API_KEY_SCOPE_MISSING);
          } else {
            expect(viaKey.statusCode).toBe(403);
            expect(viaKey.json()).toEqual({ message: API_KEY_SCOPE_MISSING });
          }
        }
      });
    }
  }

  it('role rules apply: a key of a Reseller demoted to Member cannot generate keys', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    await grant(ctx, reseller.user.id, LAUNCHER._id);
    await credit(ctx, reseller.user.id, 10_000);
    const { auth } = await keyFor(reseller.auth, ['keys:generate']);
    await ctx.db.execute(sql`update users set role = 'Member' where id = ${reseller.user.id}`);
    const res = await calls[0]!.call(auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
  });

  it('balance applies: a Reseller key with too little balance is refused and charges nothing', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    await grant(ctx, reseller.user.id, LAUNCHER._id);
    const { auth } = await keyFor(reseller.auth, ['keys:generate']);
    const res = await calls[0]!.call(auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Insufficient balance to generate keys.' });
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from licence_keys where created_by = ${reseller.user.id}`,
    );
    expect(n!.n).toBe(0);
  });

  it('a banned owner’s keys stop working', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    const { auth } = await keyFor(reseller.auth, ['licences:read']);
    await ctx.db.execute(sql`update users set banned_at = now() where id = ${reseller.user.id}`);
    const res = await calls[1]!.call(auth);
    expect(res.statusCode).toBe(401);
  });

  it('rate limits count the owner’s one budget, session and key together', async () => {
    const admin = await signedIn(ctx, 'Admin');
    const { auth } = await keyFor(admin.auth, ['keys:generate']);
    for (let i = 0; i < 60; i++) {
      expect((await calls[0]!.call(i % 2 ? auth : admin.auth)).statusCode).toBe(200);
    }
    expect((await calls[0]!.call(auth)).statusCode).toBe(429);
  });

  it('audit entries of a key’s actions name the key', async () => {
    const owner = await signedIn(ctx, 'Owner');
    const { id, auth } = await keyFor(owner.auth, ['keys:generate'], 'CI generator');
    expect((await calls[0]!.call(auth)).statusCode).toBe(200);
    const [entry] = await rows<{ actor_id: string; details: Record<string, unknown> }>(
      ctx,
      sql`select actor_id, details from audit_log where action = 'keys.generate' and actor_id = ${owner.user.id}`,
    );
    expect(entry!.details.apiKey).toEqual({ id, name: 'CI generator' });
  });

  it('OpenAPI documents the apiKey scheme and the scope each route needs', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/keys/generate'].post.security).toContainEqual({
      apiKey: ['keys:generate'],
    });
    expect(doc.paths['/api/users/owns'].get.security).toContainEqual({ apiKey: ['licences:read'] });
    expect(doc.paths['/api/users/user'].get.security ?? []).not.toContainEqual(
      expect.objectContaining({ apiKey: expect.anything() }),
    );
  });
});
