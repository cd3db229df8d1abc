import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The other-language examples (examples/python, examples/cpp, built here with g++) against a live server process with a
 * real licence: VALID, a bound licence from another machine, a tampered answer, a wrong pinned key,
 * a replayed answer, the bindings of version 2 (hwid echoed, licence id kept) and trust on first use.
 * Both examples compute the HWID by the doc's portable recipe, so they bind the same machine.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const pythonScript = path.join(repoRoot, 'examples/python/stellar_licence_check.py');
const owner = { username: 'ex-owner', password: 'ex-owner-password' };
const member = { username: 'ex-member', password: 'ex-member-password' };

const pair = generateKeyPairSync('ed25519');
const otherPair = generateKeyPairSync('ed25519');
const dataDir = mkdtempSync(path.join(tmpdir(), 'stellar-examples-'));
const pemOf = (key: typeof pair.publicKey) =>
  key.export({ format: 'pem', type: 'spki' }).toString();
const rawOf = (key: typeof pair.publicKey) =>
  key.export({ format: 'der', type: 'spki' }).subarray(-32);
const keyFiles = {
  pem: path.join(dataDir, 'pinned.pem'),
  raw: path.join(dataDir, 'pinned-raw.txt'),
  wrong: path.join(dataDir, 'wrong.pem'),
};
writeFileSync(keyFiles.pem, pemOf(pair.publicKey));
writeFileSync(keyFiles.raw, `${rawOf(pair.publicKey).toString('base64')}\n`);
writeFileSync(keyFiles.wrong, pemOf(otherPair.publicKey));

/** A Python 3 with `cryptography` (PATH first, then Debian's), or why there is none. */
function findPython(): { python: string } | { missing: string } {
  for (const candidate of ['python3', '/usr/bin/python3']) {
    const probe = spawnSync(candidate, ['-c', 'import cryptography'], { encoding: 'utf8' });
    if (probe.status === 0) return { python: candidate };
  }
  return { missing: 'no python3 with the cryptography module (Debian: python3-cryptography)' };
}
const python = findPython();

/** This machine's HWID by the doc's portable recipe (what the examples send by default). */
const portableHwid = createHash('sha256')
  .update(`stellar-hwid-portable-v1\n${readFileSync('/etc/machine-id', 'utf8').trim()}`)
  .digest('hex');

const cppSource = path.join(repoRoot, 'examples/cpp/stellar_licence_check.cpp');
const cppBinary = path.join(dataDir, 'stellar-licence-check');
/** g++ and pkg-config with libsodium and libcurl, or why not. */
function findCpp(): string | null {
  if (spawnSync('g++', ['--version']).status !== 0) return 'no g++ (Debian: g++)';
  if (spawnSync('pkg-config', ['--version']).status !== 0) {
    return 'no pkg-config (Debian: pkg-config)';
  }
  if (spawnSync('pkg-config', ['--exists', 'libsodium']).status !== 0) {
    return 'no libsodium for pkg-config (Debian: libsodium-dev)';
  }
  if (spawnSync('pkg-config', ['--exists', 'libcurl']).status !== 0) {
    return 'no libcurl for pkg-config (Debian: libcurl4-openssl-dev)';
  }
  return null;
}
const cppMissing = findCpp();

/** Builds the C++ example as its README says (warnings are errors here). */
async function buildCpp() {
  const flags = spawnSync('pkg-config', ['--cflags', '--libs', 'libsodium', 'libcurl'], {
    encoding: 'utf8',
  }).stdout.trim();
  const args = ['-std=c++17', '-O2', '-Wall', '-Wextra', '-Werror', '-o', cppBinary, cppSource];
  const build = await run('g++', [...args, ...flags.split(/\s+/)]);
  if (build.code !== 0) throw new Error(`g++ failed: ${build.stderr}`);
}

let port = 0;
let server: { child: ChildProcess; exited: Promise<unknown>; output: () => string } | null = null;
const base = () => `http://127.0.0.1:${port}`;
let licenceKey = '';

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
  // Generous: on a loaded machine a first start (tsx, a new embedded database, migrations) is slow.
  const deadline = Date.now() + 150_000;
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

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: dataDir });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

interface Meddling {
  /** Rewrites the validate request body (JSON) before it goes upstream. */
  request?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** Rewrites the validate answer. */
  answer?: (body: Buffer, signature: string) => { body: Buffer; signature: string };
  /** Answers this status itself, unsigned. */
  status?: number;
}

/** A man in the middle for validate; records the request headers it saw. */
async function proxy(meddle: Meddling) {
  const target = base();
  const seen: http.IncomingHttpHeaders[] = [];
  const box = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push(req.headers);
    if (meddle.status) {
      res.writeHead(meddle.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Service temporarily unavailable.' }));
      return;
    }
    let sent = Buffer.concat(chunks);
    if (req.url === '/api/client/validate' && meddle.request) {
      sent = Buffer.from(JSON.stringify(meddle.request(JSON.parse(sent.toString()))));
    }
    const upstream = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
      body: req.method === 'POST' ? sent : undefined,
    });
    let body: Buffer = Buffer.from(await upstream.arrayBuffer());
    let signature = upstream.headers.get('x-signature') ?? '';
    if (req.url === '/api/client/validate' && meddle.answer) {
      ({ body, signature } = meddle.answer(body, signature));
    }
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
    seen,
    close: () => new Promise((resolve) => box.close(resolve)),
  };
}

/**
 * An answer rewritten and signed again with the server's own private key: what a server (or
 * anyone with its key) could say. Only the client's own checks can refuse it.
 */
const resign = (change: (answer: Record<string, unknown>) => void) => (body: Buffer) => {
  const answer = JSON.parse(body.toString()) as Record<string, unknown>;
  change(answer);
  const out = Buffer.from(JSON.stringify(answer));
  return { body: out, signature: sign(null, out, pair.privateKey).toString('base64') };
};

interface Example {
  name: string;
  missing?: string;
  command: string;
  prefix: string[];
}

const examples: Example[] = [
  'python' in python
    ? { name: 'python', command: python.python, prefix: [pythonScript] }
    : { name: 'python', command: '', prefix: [], missing: python.missing },
  cppMissing
    ? { name: 'cpp', command: '', prefix: [], missing: cppMissing }
    : { name: 'cpp', command: cppBinary, prefix: [] },
];

describe('licence check examples against a live server', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    if (examples.every((example) => example.missing)) return;
    port = await freePort();
    // The compiler and the server's first start share the machine: run them side by side.
    await Promise.all([cppMissing ? null : buildCpp(), startServer()]);
    const { token: ownerToken } = await api('POST', '/auth/login', owner);
    const [launcher] = (await api('GET', '/products')) as { _id: string }[];
    const voucher = (
      await api(
        'POST',
        '/keys/generate',
        { productId: launcher!._id, plan: 'Basic Plan', quantity: 1 },
        ownerToken,
      )
    ).keys[0] as string;
    await api('POST', '/register', member);
    const { token } = await api('POST', '/auth/login', member);
    licenceKey = (await api('POST', '/keys/redeem', { keyCode: voucher }, token)).product
      .licenceKey as string;
  }, 180_000);

  afterAll(async () => {
    if (server) {
      if (server.child.exitCode === null) server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe.each(examples)('$name', (example) => {
    const skip = example.missing ? `toolchain missing: ${example.missing}` : '';
    const exec = (args: string[]) => run(example.command, [...example.prefix, ...args]);
    const check = (extra: string[], server = base(), key = licenceKey) =>
      exec(['check', '--server', server, '--key', key, '--product', 'stellar-launcher', ...extra]);
    const stateFile = (name: string) => path.join(dataDir, `${example.name}-${name}.json`);
    const pinned = (state = stateFile('state')) => ['--public-key', keyFiles.pem, '--state', state];

    it.skipIf(skip)(`HWID: the portable recipe of the doc ${skip}`, async () => {
      // The doc's example: machine id 4c4c...4d32 gives d972...1849, in every language.
      expect(await exec(['hwid', '--machine-id', '4c4c4544005a3510804bb4c04f4b4d32'])).toEqual({
        code: 0,
        stdout: 'd972fdc70c98314b4a468b3cb6f0c0d384715d5ed48a653221e70198837a1849',
        stderr: '',
      });
      expect(await exec(['hwid'])).toEqual({ code: 0, stdout: portableHwid, stderr: '' });
    });

    it.skipIf(skip)(
      'valid: exit 0 with this machine bound, a PEM or a raw pinned key',
      async () => {
        const spy = await proxy({});
        try {
          const first = await check(pinned(), spy.url);
          expect(first.stderr).toBe('');
          expect(first.code).toBe(0);
          expect(first.stdout).toMatch(
            new RegExp(
              `^VALID: stellar-launcher licence valid until \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z for machine ${portableHwid.slice(0, 12)}\\.\\.\\.`,
            ),
          );
          // Signed bytes must arrive as sent: the example asks for no compression.
          expect(spy.seen[0]!['accept-encoding']).toBe('identity');
        } finally {
          await spy.close();
        }
        const raw = await check(['--public-key', keyFiles.raw, '--state', stateFile('raw')]);
        expect(raw.code).toBe(0);
        expect(raw.stdout).toMatch(/^VALID: /);
      },
    );

    it.skipIf(skip)('wrong machine on a bound licence: HWID_MISMATCH, exit 1', async () => {
      const res = await check([...pinned(), '--hwid', 'another-machine-0001']);
      expect(res).toEqual({
        code: 1,
        stdout: '',
        stderr:
          'HWID_MISMATCH: the licence is bound to another machine (reset the HWID from the dashboard)',
      });
      const bad = await check(pinned(), base(), 'STLL-00000-00000-00000-00000');
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/^KEY_INVALID: /);
    });

    it.skipIf(skip)('tampered answer (one flipped byte): SIGNATURE_INVALID, exit 2', async () => {
      const flip = await proxy({
        answer: (body, signature) => {
          const copy = Buffer.from(body);
          const at = copy.indexOf('"expiresAt"') + 14;
          copy[at] = copy[at]! ^ 0x01;
          return { body: copy, signature };
        },
      });
      try {
        expect(await check(pinned(), flip.url)).toEqual({
          code: 2,
          stdout: '',
          stderr:
            'SIGNATURE_INVALID: The server answer is not signed by the licence key: it was altered or forged.',
        });
      } finally {
        await flip.close();
      }
    });

    it.skipIf(skip)('wrong pinned key: SIGNATURE_INVALID, exit 2', async () => {
      const res = await check(['--public-key', keyFiles.wrong, '--state', stateFile('wrong')]);
      expect(res.code).toBe(2);
      expect(res.stderr).toMatch(/^SIGNATURE_INVALID: /);
    });

    it.skipIf(skip)('a recorded VALID answer replayed: NONCE_MISMATCH, exit 2', async () => {
      let recorded: { body: Buffer; signature: string } | null = null;
      const replay = await proxy({
        answer: (body, signature) => (recorded ??= { body, signature }),
      });
      try {
        expect((await check(pinned(), replay.url)).code).toBe(0);
        const again = await check(pinned(), replay.url);
        expect(again.code).toBe(2);
        expect(again.stderr).toBe(
          'NONCE_MISMATCH: The server answer is for another request (nonce mismatch): a replayed answer.',
        );
      } finally {
        await replay.close();
      }
    });

    it.skipIf(skip)(
      'signed answers that fail the client checks: other machine, other licence, stale, exit 2',
      async () => {
        const stale = await proxy({
          answer: resign((a) => (a.serverTime = new Date(Date.now() - 301_000).toISOString())),
        });
        const otherMachine = await proxy({ answer: resign((a) => (a.hwid = 'a'.repeat(64))) });
        const licenceA = await proxy({ answer: resign((a) => (a.licenceId = 'licence-a')) });
        const licenceB = await proxy({ answer: resign((a) => (a.licenceId = 'licence-b')) });
        try {
          const late = await check(pinned(), stale.url);
          expect(late.code).toBe(2);
          expect(late.stderr).toMatch(
            /^STALE_RESPONSE: The server answer is 30\d s away from this machine's clock \(at most 300 s allowed\)/,
          );
          // A skew allowance wide enough takes the same answer.
          expect((await check([...pinned(), '--max-skew', '400'], stale.url)).code).toBe(0);

          expect(await check(pinned(), otherMachine.url)).toEqual({
            code: 2,
            stdout: '',
            stderr:
              'BINDING_MISMATCH: The server answer is about another machine (hwid mismatch): a relayed request.',
          });

          const state = stateFile('licence-id');
          const first = await check(pinned(state), licenceA.url);
          expect(first.code).toBe(0);
          expect(first.stdout).toMatch(/ \(licence licence-a\)$/);
          expect(JSON.parse(readFileSync(state, 'utf8'))).toEqual({
            licences: { [licenceKey]: 'licence-a' },
          });
          expect((await check(pinned(state), licenceA.url)).code).toBe(0);
          expect(await check(pinned(state), licenceB.url)).toEqual({
            code: 2,
            stdout: '',
            stderr:
              'BINDING_MISMATCH: The server answer is about another licence (licenceId mismatch): a relayed request.',
          });
        } finally {
          await Promise.all([stale, otherMachine, licenceA, licenceB].map((p) => p.close()));
        }
      },
    );

    it.skipIf(skip)('HTTP 503 and an unreachable server: exit 2, never a verdict', async () => {
      const down = await proxy({ status: 503 });
      try {
        expect(await check(pinned(), down.url)).toEqual({
          code: 2,
          stdout: '',
          stderr: 'BAD_RESPONSE: The licence server answered HTTP 503.',
        });
      } finally {
        await down.close();
      }
      const gone = await check(pinned(), `http://127.0.0.1:${await freePort()}`);
      expect(gone.code).toBe(2);
      expect(gone.stderr).toMatch(/^NETWORK: Cannot reach the licence server/);
    });

    it.skipIf(skip)(
      'no pinned key: refuses to run (64); --trust-on-first-use stores the key once',
      async () => {
        const none = await check([]);
        expect(none.code).toBe(64);
        expect(none.stderr).toMatch(/^A pinned public key is required: --public-key FILE/);
        const file = path.join(dataDir, `${example.name}-tofu.pem`);
        const missing = await check(['--public-key', file]);
        expect(missing.code).toBe(64);
        expect(missing.stderr).toBe(
          `No public key at ${file} (add --trust-on-first-use to fetch and store it once).`,
        );
        expect(existsSync(file)).toBe(false);

        const tofu = await check(['--public-key', file, '--trust-on-first-use']);
        const fingerprint = createHash('sha256').update(rawOf(pair.publicKey)).digest('hex');
        expect(tofu.stderr).toBe(
          `Trusted on first use: public key SHA-256 fingerprint ${fingerprint} saved to ${file}. ` +
            'Compare it with the fingerprint your seller publishes.',
        );
        expect(tofu.code).toBe(0);
        expect(readFileSync(file, 'utf8')).toBe(pemOf(pair.publicKey));
        // Once stored, the key is pinned: no download, no message.
        const later = await check(['--public-key', file, '--trust-on-first-use']);
        expect(later).toMatchObject({ code: 0, stderr: '' });
      },
    );
  });
});
