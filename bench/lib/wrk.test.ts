import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWrk, runWrk, wrkPath } from './wrk.mjs';

// bench:hot's wrk runner: what wrk prints, read back as numbers, and a real wrk run against a local
// server (the request it sends, the failures it counts). .ci/run installs Debian's wrk.

// As wrk prints it, a p99 of over a second with its trailing space ("1.02s ") included.
const printed = `Running 5s test @ http://127.0.0.1:5099/
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   699.87us    1.42ms  45.84ms   98.16%
    Req/Sec    85.98k    15.21k   94.05k    93.33%
  Latency Distribution
     50%  530.00us
     75%  572.00us
     90%  670.00us
     99%    1.02s 
  256173 requests in 5.00s, 45.44MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 7
Requests/sec:  51234.60
Transfer/sec:     15.13MB
`;

describe('parseWrk', () => {
  it('reads the count, rate, median and p99 (in ms) and adds up every failure', () => {
    expect(parseWrk(printed)).toEqual({
      total: 256173,
      requestsPerSecond: 51234.6,
      p50: 0.53,
      p99: 1020,
      failed: 12,
    });
  });

  it('throws on output without figures instead of reading zeros', () => {
    expect(() => parseWrk('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(
      /unreadable output/,
    );
  });
});

describe.skipIf(!existsSync(wrkPath))('runWrk against a local server', () => {
  let server: Server;
  let base = '';
  const seen = { posts: 0, wrongBody: 0, header: '' };

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/fail') {
        res.writeHead(500).end();
        return;
      }
      if (req.method === 'POST') {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk));
        req.on('end', () => {
          seen.posts += 1;
          if (body !== '{"key":"a]b"}') seen.wrongBody += 1;
          seen.header = String(req.headers['content-type']);
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('measures answers, their rate and latency, and its own CPU time', async () => {
    const r = await runWrk({ url: `${base}/`, connections: 4, duration: 1 });
    expect(r.total).toBeGreaterThan(100);
    expect(r.requestsPerSecond).toBeGreaterThan(100);
    expect(r.failed).toBe(0);
    expect(r.p99).toBeGreaterThanOrEqual(r.p50);
    expect(r.toolSeconds).toBeGreaterThan(0);
    expect(r.toolSeconds).toBeLessThan(5);
  });

  it('sends the method, body and headers it is given', async () => {
    const r = await runWrk({
      url: `${base}/check`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"key":"a]b"}',
      connections: 2,
      duration: 1,
    });
    expect(r.failed).toBe(0);
    expect(seen.posts).toBeGreaterThanOrEqual(r.total);
    expect(seen.wrongBody).toBe(0);
    expect(seen.header).toBe('application/json');
  });

  it('counts answers other than 2xx and 3xx as failed', async () => {
    const r = await runWrk({ url: `${base}/fail`, connections: 2, duration: 1 });
    expect(r.total).toBeGreaterThan(0);
    expect(r.failed).toBe(r.total);
  });
});
