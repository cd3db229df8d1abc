/**
 * Ports that the machines running these tests serve themselves (see the machine notes: PostgreSQL,
 * MariaDB, Redis, RabbitMQ with its management and cluster ports, Mosquitto, NATS). A server a test
 * starts on one of them fails with EADDRINUSE: a CI run drew 6379 for outage.test.ts.
 */
const TAKEN = new Set([1883, 3306, 4222, 5432, 5672, 6222, 6379, 8222, 15672, 25672]);

/*
 * The server and server-pg projects run their files at the same time, so each test that starts a
 * server on a port of its own draws from a range no other such test uses (port + 1 included):
 *   5600-5899  process.test.ts, embedded (two ports)   5900-5989  process.test.ts, PostgreSQL
 *   6000-6099  realtime.process.test.ts (two ports)   6100-6299  secrets.process.test.ts, embedded
 *   6300-6499  outage.test.ts                         6500-6599  secrets.process.test.ts, two processes
 *   6600-6699  secrets.process.test.ts, export        6700-6849  faults.test.ts, PGlite
 *   6850-6999  faults.test.ts, PostgreSQL             7010-7058  webhooks.process.test.ts
 *   7100-7299  btcpay.process.test.ts                 25432-26431 outage.test.ts's PostgreSQL
 */

/**
 * A random port in [base, base + span) such that it and the `count - 1` ports after it (a test's
 * second server on port + 1) are none of the machine's service ports: a CI run drew 6378 for
 * realtime.process.test.ts, whose second process then failed on Redis's 6379.
 */
export function randomTestPort(base: number, span: number, count = 1): number {
  for (;;) {
    const port = base + Math.floor(Math.random() * span);
    if (Array.from({ length: count }, (_, i) => port + i).every((p) => !TAKEN.has(p))) return port;
  }
}
