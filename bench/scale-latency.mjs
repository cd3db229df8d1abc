// npm run bench:scale: latency of the dashboard, admin, reseller and licence-check calls on a database
// filled by `npm run seed:scale` (100k users, 1M keys). See docs/benchmarks.md, "Scale".
//
//   DATABASE_URL=postgres://...   the seeded database (required; the server migrates it at start)
//   OWNER_USERNAME (owner)  OWNER_PASSWORD (owner-password-1)  SCALE_PASSWORD (scale-password)
//   SCALE_REQUESTS (300) measured sequential requests per call, after SCALE_WARMUP (30)
//   SCALE_PORT (5090)  SCALE_LIMIT_MS (50): exit 1 when any p95 reaches it
//   SCALE_JSON=file  also write the figures as JSON
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { apiClient, startServer as startBenchServer, waitReady } from './lib/server.mjs';

const env = process.env;
if (!env.DATABASE_URL) {
  console.error('DATABASE_URL (a database seeded by npm run seed:scale) is required.');
  process.exit(2);
}
const requests = Number(env.SCALE_REQUESTS ?? 300);
const warmup = Number(env.SCALE_WARMUP ?? 30);
const port = Number(env.SCALE_PORT ?? 5090);
const limitMs = Number(env.SCALE_LIMIT_MS ?? 50);
const scalePassword = env.SCALE_PASSWORD ?? 'scale-password';
const owner = {
  username: env.OWNER_USERNAME ?? 'owner',
  password: env.OWNER_PASSWORD ?? 'owner-password-1',
};
const base = `http://127.0.0.1:${port}`;

function startServer() {
  return startBenchServer({ port, vars: { LOG_LEVEL: env.SCALE_LOG_LEVEL ?? 'warn' } });
}

const api = apiClient(base);

/**
 * @param {string} username
 * @param {string} password
 */
async function login(username, password) {
  const answer = await api('POST', '/auth/login', { username, password });
  if (!answer.token) throw new Error(`login ${username}: ${JSON.stringify(answer)}`);
  return answer.token;
}

/** The accounts and the licence the calls use, chosen from the seeded data. */
async function pickFixtures() {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const one = async (/** @type {string} */ text) => {
      const { rows } = await client.query(text);
      if (!rows[0])
        throw new Error(`no row for: ${text}\nIs the database seeded (npm run seed:scale)?`);
      return rows[0];
    };
    // A member with an active, HWID-bound licence (hwid 'hwid-N' as seeded, >= 8 characters)
    // and tickets; the key is that licence's own licence key.
    const member = await one(`
      select u.id, u.username, l.hwid, p.slug, l.licence_key as code
      from licences l
      join users u on u.id = l.user_id
      join products p on p.id = l.product_id
      where u.role = 'Member' and u.username like 'scale\\_%' and u.banned_at is null
        and l.expires_at > now() + interval '1 day' and length(l.hwid) >= 8
        and exists (select 1 from tickets t where t.user_id = u.id)
      order by u.username limit 1`);
    const reseller = await one(`
      select u.username, count(k.id)::int as keys from users u
      join licence_keys k on k.created_by = u.id
      where u.role = 'Reseller' and u.username like 'scale\\_%'
        and u.id = (select id from users where role = 'Reseller' and username like 'scale\\_%' order by username limit 1)
      group by u.username`);
    const admin = await one(
      `select username from users where role = 'Admin' and username like 'scale\\_%' order by username limit 1`,
    );
    return { member, reseller, admin };
  } finally {
    await client.end();
  }
}

/**
 * @param {number[]} sorted
 * @param {number} p
 */
const pct = (sorted, p) =>
  /** @type {number} */ (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
  );

/**
 * @typedef {object} Call
 * @property {string} name
 * @property {string} who
 * @property {string} url
 * @property {string} [method]
 * @property {string} [token]
 * @property {() => unknown} [body] a fresh body per request
 * @property {(json: any) => void} [check] throws when the first answer is not what the call expects
 */

/**
 * ~`requests` sequential requests after `warmup`, each timed from send to the body's last byte.
 * @param {Call} call
 */
async function measure(call) {
  const send = async () => {
    const res = await fetch(`${base}/api${call.url}`, {
      method: call.method ?? 'GET',
      headers: {
        ...(call.body ? { 'content-type': 'application/json' } : {}),
        ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      },
      body: call.body ? JSON.stringify(call.body()) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${call.name}: ${res.status} ${text.slice(0, 300)}`);
    return text;
  };
  const first = await send();
  call.check?.(JSON.parse(first));
  for (let i = 1; i < warmup; i += 1) await send();
  const times = [];
  for (let i = 0; i < requests; i += 1) {
    const start = performance.now();
    await send();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), max: times.at(-1) };
}

async function main() {
  const fixtures = await pickFixtures();
  const server = startServer();
  const stop = () => server.stop();
  process.on('SIGINT', () => stop().then(() => process.exit(130)));
  try {
    await waitReady(server, 120_000);
    const [memberToken, resellerToken, adminToken, ownerToken] = await Promise.all([
      login(fixtures.member.username, scalePassword),
      login(fixtures.reseller.username, scalePassword),
      login(fixtures.admin.username, scalePassword),
      login(owner.username, owner.password),
    ]);
    const { member } = fixtures;
    const lastPage = Math.max(1, Math.ceil(fixtures.reseller.keys / 20));
    /** @type {Call[]} */
    const calls = [
      { name: 'GET /users/user', who: 'member', url: '/users/user', token: memberToken },
      {
        name: 'GET /users/owns',
        who: 'member',
        url: '/users/owns',
        token: memberToken,
        check: (j) => {
          if (!j.ownedProducts.length) throw new Error('member owns nothing');
        },
      },
      {
        name: 'GET /ticket/tickets?userId',
        who: 'member',
        url: `/ticket/tickets?userId=${member.id}`,
        token: memberToken,
        check: (j) => {
          if (!j.length) throw new Error('member has no tickets');
        },
      },
      {
        name: 'GET /users?search=scale_00012&page=1',
        who: 'admin',
        url: '/users?search=scale_00012&page=1',
        token: adminToken,
      },
      { name: 'GET /users?page=200', who: 'admin', url: '/users?page=200', token: adminToken },
      {
        name: 'GET /ticket/tickets?status=open&page=1',
        who: 'admin',
        url: '/ticket/tickets?status=open&page=1',
        token: adminToken,
      },
      {
        name: 'GET /ticket/tickets?status=open&escalated=true&page=1',
        who: 'admin',
        url: '/ticket/tickets?status=open&escalated=true&page=1',
        token: adminToken,
      },
      {
        name: 'GET /ticket/tickets?page=1 (all)',
        who: 'owner',
        url: '/ticket/tickets?page=1',
        token: ownerToken,
      },
      {
        name: 'GET /resellers/me?page=1',
        who: 'reseller',
        url: '/resellers/me?page=1',
        token: resellerToken,
      },
      {
        name: 'GET /resellers/me?page=50',
        who: 'reseller',
        url: '/resellers/me?page=50',
        token: resellerToken,
      },
      {
        name: `GET /resellers/me?page=${lastPage} (last)`,
        who: 'reseller',
        url: `/resellers/me?page=${lastPage}`,
        token: resellerToken,
      },
      {
        name: 'POST /client/validate',
        who: 'tool',
        method: 'POST',
        url: '/client/validate',
        body: () => ({
          key: member.code,
          hwid: member.hwid,
          product: member.slug,
          nonce: randomBytes(16).toString('base64url'),
          version: 'scale-bench',
        }),
        check: (j) => {
          if (j.code !== 'VALID') throw new Error(`licence check: ${JSON.stringify(j)}`);
        },
      },
    ];
    console.log(
      `member ${member.username}, reseller ${fixtures.reseller.username} (${fixtures.reseller.keys} keys), ` +
        `admin ${fixtures.admin.username}, owner ${owner.username}; ${requests} sequential requests per call after ${warmup} warm-up`,
    );
    const results = [];
    for (const call of calls) {
      const r = await measure(call);
      results.push({ name: call.name, who: call.who, ...r });
    }
    const f = (/** @type {number} */ ms) => ms.toFixed(1).padStart(7);
    console.log(`\n| ${'call'.padEnd(54)} | ${'as'.padEnd(8)} | p50 ms  | p95 ms  | p99 ms  |`);
    console.log(`|${'-'.repeat(56)}|${'-'.repeat(10)}|---------|---------|---------|`);
    for (const r of results) {
      const flag = r.p95 >= limitMs ? ' <-- p95 over limit' : '';
      console.log(
        `| ${r.name.padEnd(54)} | ${r.who.padEnd(8)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} |${flag}`,
      );
    }
    if (env.SCALE_JSON) writeFileSync(env.SCALE_JSON, JSON.stringify(results, null, 2));
    const slow = results.filter((r) => r.p95 >= limitMs);
    if (slow.length) {
      console.error(`\n${slow.length} call(s) with p95 >= ${limitMs} ms.`);
      process.exitCode = 1;
    } else console.log(`\nEvery p95 is under ${limitMs} ms.`);
  } finally {
    await stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
