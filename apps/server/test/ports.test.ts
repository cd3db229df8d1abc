import { describe, expect, it } from 'vitest';
import { FETCH_BAD_PORTS, PORT_RANGES, testPort } from './ports';

describe('test port ranges', () => {
  it('overlap nowhere, the second ports of a pair included', () => {
    const spans = Object.entries(PORT_RANGES)
      .map(([name, [base, span, count]]) => ({ name, from: base, to: base + span - 1 + count - 1 }))
      .sort((a, b) => a.from - b.from);
    for (let i = 1; i < spans.length; i++) {
      expect(spans[i]!.from, `${spans[i - 1]!.name} and ${spans[i]!.name}`).toBeGreaterThan(
        spans[i - 1]!.to,
      );
    }
  });

  it('draws inside its range and never a service port of the machine', () => {
    for (let i = 0; i < 2000; i++) {
      const port = testPort('outagePostgresServer');
      expect(port).toBeGreaterThanOrEqual(25432);
      expect(port).toBeLessThan(26432);
      expect(port).not.toBe(25672);
    }
  });

  it("never draws a port Node's fetch refuses, the second port of a pair included", async () => {
    await expect(fetch('http://127.0.0.1:6697/')).rejects.toMatchObject({
      cause: { message: 'bad port' },
    });
    for (const name of Object.keys(PORT_RANGES) as (keyof typeof PORT_RANGES)[]) {
      const [, , count] = PORT_RANGES[name];
      for (let i = 0; i < 3000; i++) {
        const port = testPort(name);
        for (let k = 0; k < count; k++) expect(FETCH_BAD_PORTS.has(port + k), name).toBe(false);
      }
    }
  });
});
