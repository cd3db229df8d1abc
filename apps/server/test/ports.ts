/**
 * Ports that the machines running these tests serve themselves (see the machine notes: PostgreSQL,
 * MariaDB, Redis, RabbitMQ with its management and cluster ports, Mosquitto, NATS). A server a test
 * starts on one of them fails with EADDRINUSE: a CI run drew 6379 for outage.test.ts.
 */
const TAKEN = new Set([1883, 3306, 4222, 5432, 5672, 6222, 6379, 8222, 15672, 25672]);

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
