import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from './harness';
import { startReceiver, type Receiver, type ReceivedRequest } from './receiver';
import { recordEvent } from '../src/modules/events';
import { signatureHeader } from '../src/modules/webhooks';

const run = promisify(execFile);
const doc = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/integrations.md'),
  'utf8',
);
/** The fenced code block right after `<!-- snippet: name -->` in docs/integrations.md. */
const snippet = (name: string) => {
  const match = new RegExp(`<!-- snippet: ${name} -->\\s*\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(
    doc,
  );
  if (!match) throw new Error(`no ${name} snippet in docs/integrations.md`);
  return match[1]!;
};

/**
 * The signature-verification snippets of docs/integrations.md, run as the seller would run them
 * (node and python3) against a real delivery signed by the dispatcher.
 */
describe('docs/integrations.md signature snippets', () => {
  let ctx: TestContext;
  let receiver: Receiver;
  let secret: string;
  let delivery: ReceivedRequest;
  const dir = mkdtempSync(path.join(tmpdir(), 'stellar-doc-'));

  beforeAll(async () => {
    [ctx, receiver] = await Promise.all([createTestApp(), startReceiver()]);
    const admin = await signedIn(ctx, 'Admin');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: admin.auth,
      payload: { url: receiver.url('doc'), events: ['ticket.created'] },
    });
    secret = res.json().secret;
    await ctx.db.transaction((tx) =>
      recordEvent(tx, {
        type: 'ticket.created',
        payload: { title: 'Ünïcode ✓', reason: 'Bug Report' },
      }),
    );
    for (let i = 0; i < 150 && (await receiver.requests('doc')).length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    delivery = (await receiver.requests('doc'))[0]!;
  });
  afterAll(async () => {
    await ctx.close();
    await receiver.stop();
  });

  const cases = () => {
    const stale = signatureHeader(secret, delivery.body, Math.floor(Date.now() / 1000) - 600);
    return [
      {
        name: 'real delivery',
        header: delivery.headers['stellar-signature']!,
        body: delivery.body,
        valid: true,
      },
      {
        name: 'tampered body',
        header: delivery.headers['stellar-signature']!,
        body: delivery.body.replace('Bug', 'Bog'),
        valid: false,
      },
      { name: 'replayed after 10 minutes', header: stale, body: delivery.body, valid: false },
      {
        name: 'wrong secret',
        header: signatureHeader('whsec_other', delivery.body, Math.floor(Date.now() / 1000)),
        body: delivery.body,
        valid: false,
      },
    ];
  };

  it('Node: valid for the real delivery, invalid when tampered, stale or signed with another secret', async () => {
    const file = path.join(dir, 'verify.mjs');
    writeFileSync(
      file,
      `${snippet('node')}
import { readFileSync } from 'node:fs';
const ok = verifyStellarSignature(process.env.SECRET, process.env.HEADER, readFileSync(process.env.BODY_FILE));
console.log(ok ? 'valid' : 'invalid');
`,
    );
    for (const c of cases()) {
      writeFileSync(path.join(dir, 'body'), c.body);
      const { stdout } = await run(process.execPath, [file], {
        env: { SECRET: secret, HEADER: c.header, BODY_FILE: path.join(dir, 'body') },
      });
      expect(`${c.name}: ${stdout.trim()}`).toBe(`${c.name}: ${c.valid ? 'valid' : 'invalid'}`);
    }
  });

  it('Python: the same four verdicts', async () => {
    const file = path.join(dir, 'verify.py');
    writeFileSync(
      file,
      `${snippet('python')}

if __name__ == "__main__":
    import os
    with open(os.environ["BODY_FILE"], "rb") as f:
        body = f.read()
    print("valid" if verify_stellar_signature(os.environ["SECRET"], os.environ["HEADER"], body) else "invalid")
`,
    );
    for (const c of cases()) {
      writeFileSync(path.join(dir, 'body'), c.body);
      const { stdout } = await run('python3', [file], {
        env: { SECRET: secret, HEADER: c.header, BODY_FILE: path.join(dir, 'body') },
      });
      expect(`${c.name}: ${stdout.trim()}`).toBe(`${c.name}: ${c.valid ? 'valid' : 'invalid'}`);
    }
  });
});
