import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The web app's build (scripts/lib/web-build.mjs) takes a lock on its folder, so two builds at once
// (two `npm start` on one machine, say) run one after the other. Each test runs builds in processes of
// their own, in a scratch folder, with steps that write to a log instead of building.
const lib = pathToFileURL(path.resolve(import.meta.dirname, 'lib/web-build.mjs')).href;
let dir = '';
const log = () => path.join(dir, 'steps.log');
const lines = () => (existsSync(log()) ? readFileSync(log(), 'utf8').trim().split('\n') : []);

/** A step that appends `line` to the log. */
const write = (line: string) => [
  'node',
  '-e',
  `require('fs').appendFileSync(${JSON.stringify(log())}, ${JSON.stringify(`${line}\n`)})`,
];
const sleep = (ms: number) => ['node', '-e', `setTimeout(() => {}, ${ms})`];

interface Build {
  done: Promise<{ code: number | null; output: string }>;
  kill: () => void;
}

/**
 * buildWeb in a process of its own. With `freshFile`, the build is unnecessary once that file exists
 * (its `stillStale`).
 */
function startBuild(steps: string[][], freshFile?: string): Build {
  const code = `
    import { existsSync } from 'node:fs';
    import { buildWeb } from ${JSON.stringify(lib)};
    const fresh = process.env.FRESH_FILE;
    process.exit(await buildWeb({
      cwd: process.env.BUILD_DIR,
      steps: JSON.parse(process.env.STEPS),
      lockStaleMs: 2000,
      stillStale: fresh ? () => (existsSync(fresh) ? null : 'not built yet') : undefined,
    }));`;
  // A process group of its own, so that kill() ends the build's running step with it.
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    detached: true,
    env: {
      ...process.env,
      BUILD_DIR: dir,
      STEPS: JSON.stringify(steps),
      ...(freshFile ? { FRESH_FILE: freshFile } : {}),
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (exitCode) => resolve({ code: exitCode, output })),
  );
  return { done, kill: () => process.kill(-child.pid!, 'SIGKILL') };
}

/** Resolves once the log has `line`. */
const logged = (line: string) =>
  vi.waitFor(() => expect(lines()).toContain(line), { timeout: 10_000, interval: 50 });

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'stellar-web-build-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('web build lock', () => {
  it('runs two builds started together one after the other, and frees the lock', async () => {
    const steps = (name: string) => [write(`${name} start`), sleep(700), write(`${name} end`)];
    const first = startBuild(steps('A'));
    await logged('A start');
    const second = startBuild(steps('B'));
    const [a, b] = await Promise.all([first.done, second.done]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(lines()).toEqual(['A start', 'A end', 'B start', 'B end']);
    expect(b.output).toContain('Waiting for the other build of the web app');
    expect(a.output).not.toContain('Waiting');
    expect(existsSync(path.join(dir, '.build.lock'))).toBe(false);
  });

  it('answers a failed step with its exit code and runs no later step; the next build does not wait', async () => {
    const failed = await startBuild([
      write('A start'),
      ['node', '-e', 'process.exit(3)'],
      write('A end'),
    ]).done;
    expect(failed.code).toBe(3);
    const next = await startBuild([write('B')]).done;
    expect(next.code).toBe(0);
    expect(next.output).not.toContain('Waiting');
    expect(lines()).toEqual(['A start', 'B']);
  });

  it('takes over the lock of a build whose process was killed, once it is stale', async () => {
    const killed = startBuild([write('A start'), sleep(30_000), write('A end')]);
    await logged('A start');
    killed.kill();
    await killed.done;
    expect(existsSync(path.join(dir, '.build.lock'))).toBe(true);
    const started = Date.now();
    const next = await startBuild([write('B')]).done;
    expect(next.code).toBe(0);
    expect(next.output).toContain('Waiting for the other build of the web app');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(lines()).toEqual(['A start', 'B']);
  }, 20_000);

  it('skips a build that waited when the other build made it unnecessary', async () => {
    const fresh = path.join(dir, 'index.html');
    const first = startBuild(
      [
        write('A start'),
        sleep(700),
        write('A end'),
        ['node', '-e', `require('fs').writeFileSync(${JSON.stringify(fresh)}, '')`],
      ],
      fresh,
    );
    await logged('A start');
    const second = startBuild([write('B')], fresh);
    const [a, b] = await Promise.all([first.done, second.done]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(b.output).toContain('The other build made this one unnecessary.');
    expect(lines()).toEqual(['A start', 'A end']);
  });
});
