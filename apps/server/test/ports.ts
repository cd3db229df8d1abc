/**
 * Ports that the machines running these tests serve themselves (see the machine notes: PostgreSQL,
 * MariaDB, Redis, RabbitMQ with its management and cluster ports, Mosquitto, NATS). A server a test
 * starts on one of them fails with EADDRINUSE: a CI run drew 6379 for outage.test.ts.
 */
const TAKEN = new Set([1883, 3306, 4222, 5432, 5672, 6222, 6379, 8222, 15672, 25672]);

/**
 * The Fetch standard's bad ports (https://fetch.spec.whatwg.org/#bad-port): Node's fetch refuses
 * them ("bad port") without connecting, so a test probing its server with fetch on one never sees it
 * ready. A CI run drew 6697 for secrets.process.test.ts: the server listened, 101 probes said "bad
 * port". Those of the ranges below are 6000, 6566, 6665-6669, 6679 and 6697; the list is whole.
 */
export const FETCH_BAD_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
  103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
  512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
  995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
  6669, 6679, 6697, 10080,
]);

/** Whether a test's server may listen on `port`: no service of the machine has it, and fetch reaches it. */
const usablePort = (port: number) => !TAKEN.has(port) && !FETCH_BAD_PORTS.has(port);

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
  multiProcess: [7300, 100, 2],
  outagePostgresServer: [25432, 1000, 1],
} as const satisfies Record<string, readonly [number, number, number]>;

/** A port of the test's own range (PORT_RANGES), clear of the machine's service ports. */
export function testPort(range: keyof typeof PORT_RANGES): number {
  const [base, span, count]: readonly [number, number, number] = PORT_RANGES[range];
  return randomTestPort(base, span, count);
}

/**
 * A random port in [base, base + span) such that it and the `count - 1` ports after it (a test's
 * second server on port + 1) are usable: a CI run drew 6378 for realtime.process.test.ts, whose
 * second process then failed on Redis's 6379.
 */
function randomTestPort(base: number, span: number, count = 1): number {
  for (;;) {
    const port = base + Math.floor(Math.random() * span);
    if (Array.from({ length: count }, (_, i) => port + i).every(usablePort)) return port;
  }
}
