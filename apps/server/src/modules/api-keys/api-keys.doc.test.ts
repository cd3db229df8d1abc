import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';

/** The scope table of docs/integrations.md names exactly the routes that accept each scope. */
const doc = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/integrations.md'),
  'utf8',
);
type Operation = { security?: Record<string, string[]>[] };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** scope -> "METHOD /path" as the OpenAPI document lists them (the routes' apiKeyScope). */
async function scopedRoutes(): Promise<Map<string, string[]>> {
  const openapi = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const byScope = new Map<string, string[]>();
  for (const [url, operations] of Object.entries(openapi.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const scope of operation.security?.find((s) => s.apiKey)?.apiKey ?? []) {
        byScope.set(scope, [...(byScope.get(scope) ?? []), `${method.toUpperCase()} ${url}`]);
      }
    }
  }
  return byScope;
}

/** The routes written in the doc's row for a scope (backticked "METHOD /api/..."). */
function documentedRoutes(scope: string): string[] {
  const row = doc.split('\n').find((line) => line.startsWith(`| \`${scope}\` |`));
  if (!row) return [];
  return [...row.matchAll(/`((?:GET|POST|PUT|PATCH|DELETE) \/api\/[^`]+)`/g)].map((m) => m[1]!);
}

describe('docs/integrations.md API key scopes', () => {
  it('every scope a route accepts is documented with exactly those routes', async () => {
    const routes = await scopedRoutes();
    expect(routes.get('licences:write')).toContain('POST /api/admin/licences/revoke');
    for (const [scope, list] of routes) {
      expect(documentedRoutes(scope).sort(), scope).toEqual([...list].sort());
    }
  });
});
