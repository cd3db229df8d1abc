import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';

/**
 * Opens a raw socket, sends `head` at once, then one byte of `trickle` every 5 s. Resolves with
 * how long the server kept the connection and what it answered.
 */
function trickle(port: number, head: string, drip: string) {
  return new Promise<{ ms: number; answer: string }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (!socket.destroyed && sent < drip.length) socket.write(drip[sent++]!);
    }, 5_000);
    // Give up after 35 s, so a server that never cuts the client fails the test instead of hanging it.
    const giveUp = setTimeout(() => socket.destroy(), 35_000);
    socket.on('connect', () => socket.write(head));
    socket.on('data', (d) => (answer += String(d)));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ ms: Date.now() - started, answer });
    });
  });
}

describe('slow clients are cut off (live port)', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it('a body trickled at 1 byte / 5 s and headers trickled the same way are cut within 30 s', async () => {
    const body = JSON.stringify({ username: 'someone', password: 'x'.repeat(40) });
    const [slowBody, slowHeaders] = await Promise.all([
      trickle(
        port,
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${body.length}\r\n\r\n`,
        body,
      ),
      trickle(port, 'GET /api/healthz HTTP/1.1\r\n', 'X-Slow: ' + 'a'.repeat(40)),
    ]);
    expect(slowBody.ms).toBeLessThan(30_000);
    expect(slowBody.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(slowHeaders.ms).toBeLessThan(30_000);
    expect(slowHeaders.answer).toMatch(/^HTTP\/1\.1 408/);
    // The server still answers everyone else.
    const res = await fetch(`http://127.0.0.1:${port}/api/healthz`);
    expect(res.status).toBe(200);
  }, 60_000);
});
