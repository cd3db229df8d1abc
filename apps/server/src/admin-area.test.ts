import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@stellar/shared';
import { createTestApp, signedIn, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const UUID = '00000000-0000-4000-8000-000000000000';

type Operation = { tags?: string[] };

/** Every documented staff route (tagged admin*), each path parameter filled with a well-formed id. */
function adminRoutes(): { method: string; url: string }[] {
  const spec = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(spec.paths).flatMap(([path, ops]) =>
    METHODS.filter((m) => ops[m]?.tags?.some((t) => t.startsWith('admin'))).map((method) => ({
      method: method.toUpperCase(),
      url: path.replace(/\{[^}]+\}/g, UUID),
    })),
  );
}

describe('the admin area', () => {
  it('refuses every staff route to anyone below Admin before it reads the request', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const anonymous = await Promise.all(
      routes.map((r) => ctx.app.inject({ method: r.method as 'GET', url: r.url, payload: {} })),
    );
    expect(anonymous.map((res) => res.statusCode)).toEqual(routes.map(() => 401));
    for (const role of ['Member', 'Reseller', 'Support'] as Role[]) {
      const { auth } = await signedIn(ctx, role);
      const answers = await Promise.all(
        routes.map((r) =>
          ctx.app.inject({ method: r.method as 'GET', url: r.url, headers: auth, payload: {} }),
        ),
      );
      const refused = answers.map(
        (res, i) => `${routes[i]!.method} ${routes[i]!.url} ${res.statusCode}`,
      );
      expect(refused).toEqual(routes.map((r) => `${r.method} ${r.url} 403`));
      expect(answers[0]!.json()).toEqual({ message: 'You do not have permission to do this.' });
    }
  });
});
