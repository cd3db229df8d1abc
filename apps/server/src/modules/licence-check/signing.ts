import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { ConfigError } from '../../config';
import { Batcher } from '../../lib/batcher';
import { newSigningKey } from '../../lib/secrets';

/** What makes the signatures on the signing thread (the same bytes either way: Ed25519 is deterministic). */
export type SigningEngine = 'libsodium' | 'node:crypto';

/** Signs licence answers; built once per app, so the key is parsed once. */
export interface LicenceSigner {
  /** Base64 Ed25519 signature of the UTF-8 bytes of `body`. */
  sign(body: string): Promise<string>;
  /** SPKI PEM of the public key, as GET /api/client/public-key gives it. */
  publicKeyPem: string;
  /**
   * What the signing thread signs with, once it has started: libsodium when sodium-native loads
   * there, else node:crypto (also when the thread failed before saying).
   */
  engine(): Promise<SigningEngine>;
  /** Stops the signing thread (later calls sign on the main thread). */
  close(): Promise<void>;
}

const BAD_KEY =
  'Invalid configuration: LICENCE_SIGNING_KEY must be an Ed25519 private key, as PEM ' +
  '(-----BEGIN PRIVATE KEY-----) or as base64 of its PKCS#8 DER bytes';

/** An Ed25519 private key from PEM (literal "\n" accepted, as .env files write them) or base64 DER. */
export function parseSigningKey(text: string): KeyObject {
  const value = text.trim().replace(/\\n/g, '\n');
  let key: KeyObject;
  try {
    key = value.includes('-----BEGIN')
      ? createPrivateKey(value)
      : createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new ConfigError(BAD_KEY);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new ConfigError(BAD_KEY);
  return key;
}

const signInline = (key: KeyObject, body: string) =>
  sign(null, Buffer.from(body, 'utf8'), key).toString('base64');

/**
 * Where sodium-native is installed, for the thread to load it by path (an evaluated thread resolves
 * packages from the working directory, not from this file); undefined when it is not installed.
 */
function sodiumPath(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('sodium-native');
  } catch {
    return undefined;
  }
}

// Plain CommonJS evaluated in the thread: no TypeScript loader needed there. Its first message says
// which engine it signs with; every later one answers a message of bodies with their signatures.
// libsodium signs a licence answer in about 13 µs against node:crypto's 21 µs on this machine
// (docs/benchmarks.md, "Signatures through libsodium"); its signatures are the same bytes (RFC 8032
// Ed25519 is deterministic), so node:crypto is a complete fallback when the native package is missing.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createPrivateKey, sign } = require('node:crypto');
const key = createPrivateKey({ key: workerData.der, format: 'der', type: 'pkcs8' });
let signBody = (b) => sign(null, Buffer.from(b, 'utf8'), key).toString('base64');
let engine = 'node:crypto';
try {
  const sodium = require(workerData.sodiumPath);
  // The PKCS#8 DER of an Ed25519 key ends with its 32-byte seed.
  const seed = workerData.der.subarray(workerData.der.length - 32);
  const publicKey = Buffer.alloc(sodium.crypto_sign_PUBLICKEYBYTES);
  const secretKey = sodium.sodium_malloc(sodium.crypto_sign_SECRETKEYBYTES);
  sodium.crypto_sign_seed_keypair(publicKey, secretKey, seed);
  const signature = Buffer.alloc(sodium.crypto_sign_BYTES);
  const signFast = (b) => {
    sodium.crypto_sign_detached(signature, Buffer.from(b, 'utf8'), secretKey);
    return signature.toString('base64');
  };
  // Used only if it signs a probe exactly as node:crypto does with the same key.
  if (signFast('stellar-probe') === signBody('stellar-probe')) {
    signBody = signFast;
    engine = 'libsodium';
  }
} catch {}
parentPort.postMessage(engine);
parentPort.on('message', (bodies) => parentPort.postMessage(bodies.map(signBody)));`;

/**
 * Bodies per message to the signing thread. The licence lookups of concurrent checks come back
 * together (one query), so their answers all ask for a signature in the same turn: sent as one
 * message, the event loop waited for the whole batch (about 40 µs a signature) and the thread then
 * waited for the event loop. Eight at a time, the thread signs while the event loop writes the
 * answers already signed: on PostgreSQL 0.15-0.19 of the ceiling (median 0.18) against 0.13-0.15
 * (0.14) with 256, alternated in the same minutes; no change on PGlite (benchmarks.md, "Validate:
 * CPU by thread").
 */
const MAX_BATCH = 8;

/**
 * Ed25519 signing (13 µs an answer through libsodium, 21-66 through node:crypto on this machine, more
 * than a whole constant-route request: benchmarks.md, "Public hot path") on its own thread,
 * so the event loop keeps serving requests meanwhile. Bodies queued during one turn of the event
 * loop go over in messages of up to MAX_BATCH (lib/batcher.ts); answers come back in order. If the
 * thread fails or is closed, signing falls back to the main thread, so a signature is never lost.
 */
class ThreadSigner {
  private worker: Worker | null;
  private inFlight: { bodies: string[]; resolve: (signatures: string[]) => void }[] = [];
  private readonly batcher = new Batcher<string, string>(
    (bodies) => this.signMany(bodies),
    MAX_BATCH,
  );
  private settleEngine!: (engine: SigningEngine) => void;
  readonly engine = new Promise<SigningEngine>((resolve) => (this.settleEngine = resolve));

  constructor(
    private readonly key: KeyObject,
    sodium: string | undefined,
  ) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { der: key.export({ format: 'der', type: 'pkcs8' }), sodiumPath: sodium },
    });
    this.worker.unref();
    this.worker.on('message', (message: string[] | SigningEngine) => {
      if (typeof message === 'string') return this.settleEngine(message);
      const batch = this.inFlight.shift();
      batch?.resolve(batch.bodies.map((b, i) => message[i] ?? signInline(this.key, b)));
    });
    const fail = () => this.fallBack();
    this.worker.on('error', fail);
    this.worker.on('exit', fail);
  }

  sign(body: string): Promise<string> {
    if (!this.worker) return Promise.resolve(signInline(this.key, body));
    return this.batcher.load(body);
  }

  private signMany(bodies: string[]): Promise<string[]> {
    if (!this.worker) return Promise.resolve(bodies.map((b) => signInline(this.key, b)));
    return new Promise((resolve) => {
      this.inFlight.push({ bodies, resolve });
      this.worker!.postMessage(bodies);
    });
  }

  /** The thread is gone: sign whatever was sent to it here, and everything after. */
  private fallBack(): void {
    this.worker = null;
    this.settleEngine('node:crypto');
    for (const { bodies, resolve } of this.inFlight)
      resolve(bodies.map((b) => signInline(this.key, b)));
    this.inFlight = [];
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.fallBack();
    await worker?.terminate();
  }
}

/**
 * LICENCE_SIGNING_KEY as resolved at start (the variable, its _FILE, or DATA_DIR/secrets on the
 * embedded default: server.ts), so every process signs with the same key. An app built without one
 * (tests) signs with a key of its own, kept nowhere.
 */
export async function loadSigner(
  configured?: string,
  {
    sodium = sodiumPath(),
  }: { /** sodium-native's path (tests: a wrong one) */ sodium?: string } = {},
): Promise<LicenceSigner> {
  const pem = configured ?? newSigningKey();
  const privateKey = parseSigningKey(pem);
  const signer = new ThreadSigner(privateKey, sodium);
  return {
    sign: (body) => signer.sign(body),
    publicKeyPem: createPublicKey(privateKey).export({ format: 'pem', type: 'spki' }).toString(),
    engine: () => signer.engine,
    close: () => signer.close(),
  };
}
