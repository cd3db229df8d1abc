/**
 * Ports that the machines running these tests serve themselves (see the machine notes: PostgreSQL,
 * MariaDB, Redis, RabbitMQ with its management and cluster ports, Mosquitto, NATS). A server a test
 * starts on one of them fails with EADDRINUSE: a CI run drew 6379 for outage.test.ts.
 */
const TAKEN = new Set([1883, 3306, 4222, 5432, 5672, 6222, 6379, 8222, 15672, 25672]);

/**
 * The server and server-pg projects run their files at the same time, so each test that starts a
 * server on a port of its own draws from a range that no other such test uses: [base, span, count],
 * the port drawn in [base, base + span) and `count` consecutive ports from it (a second server on
 * port + 1). ports.test.ts checks that no two ranges overlap.
 */
export const PORT_RANGES = {
  processEmbedded: [5600, 299, 2],
  processPostgres: [5900, 90, 1],
  realtime: [6000, 99, 2],
  secretsEmbedded: [6100, 200, 1],
  outage: [6300, 200, 1],
  secretsTwoProcesses: [6500, 99, 2],
  secretsExport: [6600, 99, 2],
  faultsPglite: [6700, 150, 1],
  faultsPostgres: [6850, 150, 1],
  webhooksFirst: [7010, 20, 1],
  webhooksSecond: [7040, 19, 1],
  btcpay: [7100, 200, 1],
  outagePostgresServer: [25432, 1000, 1],
} as const satisfies Record<string, readonly [number, number, number]>;

/** A port of the test's own range (PORT_RANGES), clear of the machine's service ports. */
export function testPort(range: keyof typeof PORT_RANGES): number {
  const [base, span, count]: readonly [number, number, number] = PORT_RANGES[range];
  return randomTestPort(base, span, count);
}

/**
 * A random port in [base, base + span) such that it and the `count - 1` ports after it (a test's
 * second server on port + 1) are none of the machine's service ports: a CI run drew 6378 for
 * realtime.process.test.ts, whose second process then failed on Redis's 6379.
 */
function randomTestPort(base: number, span: number, count = 1): number {
  for (;;) {
    const port = base + Math.floor(Math.random() * span);
    if (Array.from({ length: count }, (_, i) => port + i).every((p) => !TAKEN.has(p))) return port;
  }
}
