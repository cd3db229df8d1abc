import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Proves `npm run lint` enforces the web boundaries of docs/architecture.md, on code linted as if it
// lived in the chat feature (the real tree is linted by `npm run lint` itself).
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
const chatFile = path.join(root, 'apps/web/src/features/chat/components/lint-fixture.tsx');

async function ruleIdsFor(code: string, filePath = chatFile) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('web lint boundaries', () => {
  it('fails on a deep import into another feature', async () => {
    const messages = await ruleIdsFor(
      "import { StatusBadge } from '@/features/tickets/components/ticket-badges';\nexport const Badge = StatusBadge;\n",
    );
    expect(messages).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*Import another feature only through its index\.ts/,
      ),
    ]);
  });

  it('fails on a relative deep import into another feature', async () => {
    const messages = await ruleIdsFor(
      "import { StatusBadge } from '../../tickets/components/ticket-badges';\nexport const Badge = StatusBadge;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: /)]);
  });

  it('passes on the same import through the feature index', async () => {
    const messages = await ruleIdsFor(
      "import { StatusBadge } from '@/features/tickets';\nexport const Badge = StatusBadge;\n",
    );
    expect(messages).toEqual([]);
  });

  it('fails when shared lib code imports a feature or the app', async () => {
    const libFile = path.join(root, 'apps/web/src/lib/lint-fixture.ts');
    expect(await ruleIdsFor("export { useTickets } from '@/features/tickets';\n", libFile)).toEqual(
      [expect.stringMatching(/^import-x\/no-restricted-paths: .*never import a feature/)],
    );
    expect(await ruleIdsFor("export { router } from '@/app/router';\n", libFile)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Only the app imports from app/),
    ]);
  });

  describe('import cycles', () => {
    let dir = '';
    beforeAll(async () => {
      dir = await mkdtemp(path.join(root, 'apps/web/src/lib/lint-cycle-'));
      await writeFile(
        path.join(dir, 'a.ts'),
        "import { b } from './b';\nexport const a = () => b;\n",
      );
      await writeFile(
        path.join(dir, 'b.ts'),
        "import { a } from './a';\nexport const b = () => a;\n",
      );
    });
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('fails on a cycle between two modules', async () => {
      const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
      expect(result!.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle']);
    });
  });
});

describe('server lint boundaries', () => {
  const keysFile = path.join(root, 'apps/server/src/modules/keys/lint-fixture.ts');
  const pluginFile = path.join(root, 'apps/server/src/plugins/lint-fixture.ts');

  it('fails on a module reaching into another module past its index.ts', async () => {
    expect(
      await ruleIdsFor(
        "import { writeAudit } from '../audit/audit.service';\nexport const w = writeAudit;\n",
        keysFile,
      ),
    ).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*Import another server module only through its index\.ts/,
      ),
    ]);
    expect(
      await ruleIdsFor(
        "import { loadTicket } from '../modules/tickets/tickets.service';\nexport const l = loadTicket;\n",
        pluginFile,
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*Plugins use a module/)]);
  });

  it('passes through the index.ts and inside the module itself', async () => {
    expect(
      await ruleIdsFor(
        "import { writeAudit } from '../audit';\nexport const w = writeAudit;\n",
        keysFile,
      ),
    ).toEqual([]);
    expect(
      await ruleIdsFor(
        "import { findPlan } from './keys.service';\nexport const f = findPlan;\n",
        keysFile,
      ),
    ).toEqual([]);
  });
});
