import { describe, expect, it } from 'vitest';
import { SERVER_MEMORY_FLAGS } from '../../scripts/lib/server-command.mjs';
import { serverBundle, serverEntry } from '../../scripts/lib/paths.mjs';
import { benchServerArgs } from './server.mjs';

describe('benchServerArgs', () => {
  it('puts BENCH_SERVER_NODE_ARGS after the compiled server flags, so a repeated V8 flag wins', () => {
    const args = benchServerArgs(['--max-semi-space-size=16', '--cpu-prof'], true);
    expect(args.at(-1)).toBe(serverBundle);
    const own = args.indexOf(SERVER_MEMORY_FLAGS[0]!);
    const extra = args.indexOf('--max-semi-space-size=16');
    expect(own).toBeGreaterThanOrEqual(0);
    expect(extra).toBeGreaterThan(own);
    expect(args.indexOf('--cpu-prof')).toBe(args.length - 2);
  });

  it('runs the sources through tsx with the extra arguments before the entry', () => {
    expect(benchServerArgs(['--cpu-prof'], false)).toEqual([
      '--import',
      'tsx',
      '--cpu-prof',
      serverEntry,
    ]);
  });
});
