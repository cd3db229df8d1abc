/**
 * Ports that the machines running these tests serve themselves (see the machine notes: PostgreSQL,
 * MariaDB, Redis, RabbitMQ with its management and cluster ports, Mosquitto, NATS). A server a test
 * starts on one of them fails with EADDRINUSE: a CI run drew 6379 for outage.test.ts.
 */
const TAKEN = new Set([1883, 3306, 4222, 5432, 5672, 6222, 6379, 8222, 15672, 25672]);

/** A random port in [base, base + span) that is none of the machine's service ports. */
export function randomTestPort(base: number, span: number): number {
  for (;;) {
    const port = base + Math.floor(Math.random() * span);
    if (!TAKEN.has(port)) return port;
  }
}
