import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeHwid, fetchLicenceSettings } from './index';

/**
 * The CLI against a live server process (embedded database in a temp folder): valid, wrong
 * machine, expired, bad key, a tampered answer and a replayed one through a meddling proxy.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const bin = path.join(repoRoot, 'packages/licence-client/bin/stellar-licence.mjs');
const owner = { username: 'cli-owner', password: 'cli-owner-password' };
const member = { username: 'cli-member', password: 'cli-member-password' };

const pair = generateKeyPairSync('ed25519');
const dataDir = mkdtempSync(path.join(tmpdir(), 'stellar-cli-'));
const publicKeyFile = path.join(dataDir, 'licence-public.pem');
writeFileSync(publicKeyFile, pair.publicKey.export({ format: 'pem', type: 'spki' }));

let port = 0;
let server: { child: ChildProcess; exited: Promise<unknown>; output: () => string } | null = null;
const base = () => `http://127.0.0.1:${port}`;
const keys = { launcher: '', clothing: '', other: '' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: found } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(found));
    });
    probe.on('error', reject);
  });
}

async function startServer() {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OWNER_USERNAME: owner.username,
      OWNER_PASSWORD: owner.password,
      LICENCE_SIGNING_KEY: pair.privateKey
        .export({ format: 'der', type: 'pkcs8' })
        .toString('base64'),
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  server = { child, exited, output: () => out };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    try {
      if ((await fetch(`${base()}/api/readyz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready: ${out}`);
}

async function stopServer() {
  if (!server) return;
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  await server.exited;
  server = null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test-only JSON
async function api(method: string, url: string, body?: object, token?: string): Promise<any> {
  const res = await fetch(`${base()}/api${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: repoRoot });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

/**
 * A man in the middle: forwards everything, lets `meddle` rewrite validate answers and `relay`
 * rewrite validate requests.
 */
async function proxy(
  meddle: (body: Buffer, signature: string) => { body: Buffer; signature: string },
  relay?: (request: Record<string, unknown>) => Record<string, unknown>,
) {
  const target = base();
  const box = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let sent = Buffer.concat(chunks);
    if (req.url === '/api/client/validate' && relay) {
      sent = Buffer.from(JSON.stringify(relay(JSON.parse(sent.toString()))));
    }
    const upstream = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
      body: req.method === 'POST' ? sent : undefined,
    });
    let body: Buffer = Buffer.from(await upstream.arrayBuffer());
    let signature = upstream.headers.get('x-signature') ?? '';
    if (req.url === '/api/client/validate') ({ body, signature } = meddle(body, signature));
    res.writeHead(upstream.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
      ...(signature ? { 'x-signature': signature } : {}),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => box.listen(0, '127.0.0.1', resolve));
  const { port: proxyPort } = box.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    close: () => new Promise((resolve) => box.close(resolve)),
  };
}

const check = (key: string, product: string, extra: string[] = [], server = base()) =>
  cli(['check', '--server', server, '--key', key, '--product', product, ...extra]);
const stateFile = path.join(dataDir, 'cli-state.json');
const pinned = ['--public-key', publicKeyFile, '--state', stateFile];

describe('stellar-licence CLI against a live server', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    port = await freePort();
    await startServer();
    const { token: ownerToken } = await api('POST', '/auth/login', owner);
    const products = await api('GET', '/products');
    const [launcher, clothing, other] = products as { _id: string }[];
    const generate = async (productId: string) =>
      (
        await api(
          'POST',
          '/keys/generate',
          { productId, plan: 'Basic Plan', quantity: 1 },
          ownerToken,
        )
      ).keys[0] as string;
    keys.launcher = await generate(launcher!._id);
    keys.clothing = await generate(clothing!._id);
    keys.other = await generate(other!._id);
    await api('POST', '/register', member);
    const { token } = await api('POST', '/auth/login', member);
    // The tool is configured with each licence's own key, not the voucher that was redeemed.
    keys.launcher = (await api('POST', '/keys/redeem', { keyCode: keys.launcher }, token)).product
      .licenceKey as string;
    keys.clothing = (await api('POST', '/keys/redeem', { keyCode: keys.clothing }, token)).product
      .licenceKey as string;
    keys.other = (await api('POST', '/keys/redeem', { keyCode: keys.other }, token)).product
      .licenceKey as string;

    // No API makes a licence expire early: stop the server, age the Clothing Bot licence in the
    // database (and allow settings access), start it again.
    await stopServer();
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    await db.query(
      `update licences set expires_at = now() - interval '1 day'
         where product_id = (select id from products where slug = 'clothing-bot')`,
    );
    await db.query(`update settings set allow_settings_access = true, offline_days = 7`);
    await db.query(
      `update licences set revoked_at = now(), revoke_reason = 'test'
         where product_id = (select id from products where slug = 'other')`,
    );
    await db.query(`update licences set settings = '{"threads": 12}'`);
    await db.close();
    await startServer();
  }, 180_000);

  afterAll(async () => {
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("hwid prints this machine's HWID", async () => {
    const res = await cli(['hwid']);
    expect(res).toEqual({ code: 0, stdout: computeHwid(), stderr: '' });
  });

  it('valid: binds this machine on the first check, then stays valid (pinned key, licence id kept)', async () => {
    const first = await check(keys.launcher, 'stellar-launcher', pinned);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      new RegExp(
        `^VALID: stellar-launcher licence valid until \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z for machine ${computeHwid().slice(0, 12)}\\.\\.\\.$`,
      ),
    );
    const json = await check(keys.launcher, 'stellar-launcher', [...pinned, '--json']);
    expect(json.code).toBe(0);
    const licenceId = JSON.parse(json.stdout).licenceId as string;
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: true,
      code: 'VALID',
      hwid: computeHwid(),
      variables: {},
    });
    // The licence id first seen for the key is kept beside the pinned key.
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toEqual({
      licences: { [keys.launcher]: licenceId },
    });
    // The library reads the licence's settings for the bound machine, signed.
    expect(
      await fetchLicenceSettings({
        server: base(),
        key: keys.launcher,
        publicKey: pair.publicKey,
        licenceId,
      }),
    ).toEqual({ product: 'stellar-launcher', settings: { threads: 12 } });
  });

  it('wrong machine: HWID_MISMATCH, exit 1', async () => {
    const res = await check(keys.launcher, 'stellar-launcher', [
      ...pinned,
      '--hwid',
      'another-machine-0001',
    ]);
    expect(res).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'HWID_MISMATCH: the licence is bound to another machine (reset the HWID from the dashboard)',
    });
  });

  it('expired: EXPIRED with the expiry, exit 1', async () => {
    const res = await check(keys.clothing, 'clothing-bot', pinned);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^EXPIRED: the licence has expired \(\d{4}-\d\d-\d\dT[\d:.]+Z\)$/);
  });

  it('bad key and wrong product: KEY_INVALID / PRODUCT_MISMATCH, exit 1', async () => {
    const bad = await check('STLR-00000-00000-00000-00000', 'stellar-launcher', pinned);
    expect(bad).toMatchObject({
      code: 1,
      stderr:
        'KEY_INVALID: not a licence key: use the licence key from your dashboard (voucher keys are redeemed on the site)',
    });
    const product = await check(keys.launcher, 'clothing-bot', pinned);
    expect(product).toMatchObject({
      code: 1,
      stderr: 'PRODUCT_MISMATCH: the key is for another product',
    });
  });

  it('tampered answer: one flipped byte, or a refusal rewritten as VALID, is SIGNATURE_INVALID, exit 2', async () => {
    const flip = await proxy((body, signature) => {
      const copy = Buffer.from(body);
      const at = copy.indexOf('"code"') + 9;
      copy[at] = copy[at]! ^ 0x01;
      return { body: copy, signature };
    });
    const rewrite = await proxy((body, signature) => ({
      body: Buffer.from(
        body
          .toString()
          .replace('"valid":false,"code":"HWID_MISMATCH"', '"valid":true,"code":"VALID"'),
      ),
      signature,
    }));
    try {
      const flipped = await check(keys.launcher, 'stellar-launcher', pinned, flip.url);
      expect(flipped).toMatchObject({
        code: 2,
        stderr:
          'SIGNATURE_INVALID: The server answer is not signed by the licence key: it was altered or forged.',
      });
      const forged = await check(
        keys.launcher,
        'stellar-launcher',
        [...pinned, '--hwid', 'another-machine-0001'],
        rewrite.url,
      );
      expect(forged.code).toBe(2);
      expect(forged.stderr).toMatch(/^SIGNATURE_INVALID: /);
    } finally {
      await flip.close();
      await rewrite.close();
    }
  });

  it('stale answer: a recorded VALID answer replayed later is NONCE_MISMATCH, exit 2', async () => {
    let recorded: { body: Buffer; signature: string } | null = null;
    const replay = await proxy((body, signature) => {
      recorded ??= { body, signature };
      return recorded;
    });
    try {
      expect((await check(keys.launcher, 'stellar-launcher', pinned, replay.url)).code).toBe(0);
      const replayed = await check(keys.launcher, 'stellar-launcher', pinned, replay.url);
      expect(replayed).toMatchObject({
        code: 2,
        stderr:
          'NONCE_MISMATCH: The server answer is for another request (nonce mismatch): a replayed answer.',
      });
    } finally {
      await replay.close();
    }
  });

  it('a relay that rewrites the request hwid to the bound machine: BINDING_MISMATCH, exit 2', async () => {
    const relay = await proxy(
      (body, signature) => ({ body, signature }),
      (request) => ({ ...request, hwid: computeHwid() }),
    );
    try {
      const res = await check(
        keys.launcher,
        'stellar-launcher',
        [...pinned, '--hwid', 'unbound-machine-0001'],
        relay.url,
      );
      expect(res).toEqual({
        code: 2,
        stdout: '',
        stderr:
          'BINDING_MISMATCH: The server answer is about another machine (hwid mismatch): a relayed request.',
      });
    } finally {
      await relay.close();
    }
  });

  it('revoked: REVOKED, exit 1', async () => {
    const res = await check(keys.other, 'other', pinned);
    expect(res).toEqual({ code: 1, stdout: '', stderr: 'REVOKED: the licence has been revoked' });
  });

  it('no pinned key: refuses to run (64); --trust-on-first-use prints the fingerprint and stores the key', async () => {
    const none = await check(keys.launcher, 'stellar-launcher');
    expect(none.code).toBe(64);
    expect(none.stderr).toMatch(/^A pinned public key is required: --public-key FILE/);
    const file = path.join(dataDir, 'tofu.pem');
    const missing = await check(keys.launcher, 'stellar-launcher', ['--public-key', file]);
    expect(missing.code).toBe(64);
    expect(missing.stderr).toMatch(
      /^No public key at .*tofu\.pem \(add --trust-on-first-use to fetch and store it once\)\./,
    );
    expect(existsSync(file)).toBe(false);
    const tofu = await check(keys.launcher, 'stellar-launcher', [
      '--public-key',
      file,
      '--trust-on-first-use',
    ]);
    const raw = pair.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
    const fingerprint = createHash('sha256').update(raw).digest('hex');
    expect(tofu.stderr).toBe(
      `Trusted on first use: public key SHA-256 fingerprint ${fingerprint} saved to ${file}. ` +
        'Compare it with the fingerprint your seller publishes.',
    );
    expect(tofu.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(pair.publicKey.export({ format: 'pem', type: 'spki' }));
    const later = await check(keys.launcher, 'stellar-launcher', [
      '--public-key',
      file,
      '--trust-on-first-use',
    ]);
    expect(later).toMatchObject({ code: 0, stderr: '' });
    // A raw key (base64 of the 32 bytes) pins as well as the PEM.
    const rawFile = path.join(dataDir, 'raw.txt');
    writeFileSync(rawFile, `${raw.toString('base64')}\n`);
    expect((await check(keys.launcher, 'stellar-launcher', ['--public-key', rawFile])).code).toBe(
      0,
    );
  });

  it('offline token: fetched online, then verified without the network for this machine only', async () => {
    const tokenFile = path.join(dataDir, 'offline-token.json');
    const got = await cli([
      'offline-token',
      '--server',
      base(),
      '--key',
      keys.launcher,
      '--product',
      'stellar-launcher',
      ...pinned,
      '--out',
      tokenFile,
    ]);
    expect(got.stderr).toBe('');
    expect(got.code).toBe(0);
    expect(got.stdout).toMatch(/^OFFLINE TOKEN: stellar-launcher may start offline on machine /);
    const offline = (extra: string[] = []) =>
      cli([
        'check-offline',
        '--token',
        tokenFile,
        '--product',
        'stellar-launcher',
        '--public-key',
        publicKeyFile,
        ...extra,
      ]);
    const ok = await offline();
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(
      new RegExp(
        `^VALID \\(offline\\): stellar-launcher may start on machine ${computeHwid().slice(0, 12)}\\.\\.\\. until \\d{4}-`,
      ),
    );
    const other = await offline(['--hwid', 'another-machine-0001']);
    expect(other).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'BINDING_MISMATCH: The offline token is for another machine: check the licence online on this one.',
    });
    const token = JSON.parse(readFileSync(tokenFile, 'utf8')) as { body: string };
    const tampered = path.join(dataDir, 'tampered-token.json');
    writeFileSync(
      tampered,
      JSON.stringify({
        ...JSON.parse(readFileSync(tokenFile, 'utf8')),
        body: token.body.replace('"validUntil":"2', '"validUntil":"3'),
      }),
    );
    const forged = await cli([
      'check-offline',
      '--token',
      tampered,
      '--product',
      'stellar-launcher',
      '--public-key',
      publicKeyFile,
    ]);
    expect(forged.code).toBe(2);
    expect(forged.stderr).toMatch(/^SIGNATURE_INVALID: /);
  });

  it('unreachable server: NETWORK, exit 3; bad usage: exit 64', async () => {
    const down = await check(
      keys.launcher,
      'stellar-launcher',
      pinned,
      `http://127.0.0.1:${await freePort()}`,
    );
    expect(down.code).toBe(3);
    expect(down.stderr).toMatch(/^NETWORK: Cannot reach the licence server/);
    const usage = await cli(['check', '--server', base(), '--product', 'stellar-launcher']);
    expect(usage.code).toBe(64);
    expect(usage.stderr).toMatch(/^--key is required\./);
  });
});
