import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const modules = join(__dirname, '..', 'apps', 'server', 'src', 'modules');

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? routeFiles(join(dir, e.name))
      : e.name.endsWith('.routes.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/** What only a command may do: open a transaction, write audit rows or outbox events. */
const forbidden: [RegExp, string][] = [
  [/\.transaction\s*\(/, 'opens a transaction'],
  [/audit\.service/, 'imports the audit service'],
  [/\b(recordAudit|writeAudit)\b/, 'writes audit'],
  [/\brecordEvent\b/, 'records events'],
];

/** Which route files break the "validate, authorize, call one command, reply" rule, and how. */
export function thinRouteViolations(files: { name: string; text: string }[]): string[] {
  return files.flatMap(({ name, text }) =>
    forbidden.filter(([re]) => re.test(text)).map(([, what]) => `${name} ${what}`),
  );
}

describe('route files stay thin (commands own actions)', () => {
  it('no *.routes.ts opens a transaction, writes audit or events, or imports the audit service', () => {
    const files = routeFiles(modules).map((f) => ({
      name: relative(modules, f),
      text: readFileSync(f, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(10);
    expect(thinRouteViolations(files)).toEqual([]);
  });

  it('the check catches a route that does a command’s work', () => {
    const text = `import { recordAudit } from '../audit/audit.service';\nawait app.db.transaction(async () => {});`;
    expect(thinRouteViolations([{ name: 'x.routes.ts', text }])).toEqual([
      'x.routes.ts opens a transaction',
      'x.routes.ts imports the audit service',
      'x.routes.ts writes audit',
    ]);
  });
});
