import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LICENCE_CHECK_CODES } from '@stellar/shared';
import {
  checkLicence,
  computeHwid,
  hwidFromFacts,
  LicenceCheckError,
  machineFacts,
  SERVER_CODES,
  verifyLicenceAnswer,
  type LicenceAnswer,
} from './index';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const NOW = new Date('2026-03-01T12:00:00.000Z');
const NONCE = 'n0nce-0123456789abcdef';

function signed(answer: Partial<LicenceAnswer> & Record<string, unknown>) {
  const body = Buffer.from(
    JSON.stringify({
      valid: true,
      code: 'VALID',
      product: 'stellar-launcher',
      expiresAt: '2026-04-01T00:00:00.000Z',
      nonce: NONCE,
      serverTime: NOW.toISOString(),
      ...answer,
    }),
  );
  return { body, signature: sign(null, body, privateKey).toString('base64') };
}

const verifyAt = (
  message: { body: Buffer; signature: string | null },
  now = NOW,
  overrides: { nonce?: string; product?: string } = {},
) =>
  verifyLicenceAnswer({
    ...message,
    publicKey,
    nonce: overrides.nonce ?? NONCE,
    product: overrides.product ?? 'stellar-launcher',
    maxSkewSeconds: 300,
    now,
  });

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof LicenceCheckError) return err.reason;
    throw err;
  }
  return 'no error';
}

describe('verifyLicenceAnswer', () => {
  it('accepts a signed, fresh answer to this request, whatever its code', () => {
    expect(verifyAt(signed({}))).toMatchObject({ valid: true, code: 'VALID' });
    const refused = verifyAt(signed({ valid: false, code: 'EXPIRED' }));
    expect(refused).toMatchObject({ valid: false, code: 'EXPIRED' });
  });

  it('refuses a body changed by one byte, a missing or foreign signature', () => {
    const message = signed({});
    const flipped = Buffer.from(message.body);
    flipped[3] = flipped[3]! ^ 0x20;
    expect(reasonOf(() => verifyAt({ ...message, body: flipped }))).toBe('SIGNATURE_INVALID');
    expect(reasonOf(() => verifyAt({ ...message, signature: null }))).toBe('SIGNATURE_INVALID');
    expect(reasonOf(() => verifyAt({ ...message, signature: 'not base64!' }))).toBe(
      'SIGNATURE_INVALID',
    );
    const other = generateKeyPairSync('ed25519').privateKey;
    const forged = sign(null, message.body, other).toString('base64');
    expect(reasonOf(() => verifyAt({ ...message, signature: forged }))).toBe('SIGNATURE_INVALID');
  });

  it('refuses a replayed answer (another nonce) and a stale or future one (fixed clock)', () => {
    expect(reasonOf(() => verifyAt(signed({}), NOW, { nonce: 'another-nonce-123456' }))).toBe(
      'NONCE_MISMATCH',
    );
    const message = signed({});
    expect(reasonOf(() => verifyAt(message, new Date(NOW.getTime() + 299_000)))).toBe('no error');
    expect(reasonOf(() => verifyAt(message, new Date(NOW.getTime() + 301_000)))).toBe(
      'STALE_RESPONSE',
    );
    expect(reasonOf(() => verifyAt(message, new Date(NOW.getTime() - 301_000)))).toBe(
      'STALE_RESPONSE',
    );
  });

  it('refuses signed answers of the wrong shape or about another product', () => {
    expect(reasonOf(() => verifyAt(signed({ valid: true, code: 'EXPIRED' })))).toBe('BAD_RESPONSE');
    expect(reasonOf(() => verifyAt(signed({ code: 'MAYBE' as never })))).toBe('BAD_RESPONSE');
    expect(reasonOf(() => verifyAt(signed({ serverTime: 'yesterday' })))).toBe('BAD_RESPONSE');
    expect(reasonOf(() => verifyAt(signed({}), NOW, { product: 'clothing-bot' }))).toBe(
      'BAD_RESPONSE',
    );
    const notJson = Buffer.from('{"valid":');
    expect(
      reasonOf(() =>
        verifyAt({ body: notJson, signature: sign(null, notJson, privateKey).toString('base64') }),
      ),
    ).toBe('BAD_RESPONSE');
  });

  it('knows the same server codes as the API contract', () => {
    expect([...SERVER_CODES]).toEqual([...LICENCE_CHECK_CODES]);
  });
});

describe('checkLicence against a fake server', () => {
  const fakeServer =
    (answer: (nonce: string) => Partial<LicenceAnswer>, status = 200): typeof fetch =>
    async (_url, init) => {
      const sent = JSON.parse(String(init?.body));
      const { body, signature } = signed({ nonce: sent.nonce, ...answer(sent.nonce) });
      return new Response(
        status === 200 ? body : JSON.stringify({ message: 'Too many attempts.' }),
        {
          status,
          headers: { 'x-signature': signature },
        },
      );
    };
  const run = (fetchImpl: typeof fetch) =>
    checkLicence({
      server: 'http://licence.test/',
      key: 'STLR-AAAAA-BBBBB-CCCCC-DDDDD',
      product: 'stellar-launcher',
      hwid: 'machine-0001',
      publicKey,
      fetch: fetchImpl,
      now: () => NOW,
    });

  it('resolves for VALID with dates, and throws the server code otherwise', async () => {
    const result = await run(fakeServer(() => ({})));
    expect(result).toMatchObject({ valid: true, code: 'VALID', hwid: 'machine-0001' });
    expect(result.expiresAt.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    for (const code of ['KEY_INVALID', 'PRODUCT_MISMATCH', 'BANNED', 'EXPIRED', 'HWID_MISMATCH']) {
      const err = await run(fakeServer(() => ({ valid: false, code: code as never }))).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(LicenceCheckError);
      expect((err as LicenceCheckError).reason).toBe(code);
      expect((err as LicenceCheckError).answer?.code).toBe(code);
    }
  });

  it('a fixed (replayed) nonce, an HTTP error and an unreachable server are failures', async () => {
    const replay = await run(fakeServer(() => ({ nonce: 'recorded-nonce-000000' }))).catch(
      (e) => e,
    );
    expect(replay.reason).toBe('NONCE_MISMATCH');
    const limited = await run(fakeServer(() => ({}), 429)).catch((e) => e);
    expect(limited.reason).toBe('BAD_RESPONSE');
    expect(limited.message).toBe('The licence server answered HTTP 429: Too many attempts.');
    const down = await run(async () => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
    }).catch((e) => e);
    expect(down.reason).toBe('NETWORK');
    expect(down.message).toBe('Cannot reach the licence server (Error: connect ECONNREFUSED).');
  });
});

describe('computeHwid', () => {
  it('is a stable SHA-256 of the machine facts that changes when a fact changes', () => {
    expect(computeHwid()).toMatch(/^[0-9a-f]{64}$/);
    expect(computeHwid()).toBe(computeHwid());
    const facts = machineFacts();
    expect(facts.map((f) => f.split('=')[0])).toEqual([
      'hostname',
      'platform',
      'arch',
      'cpu',
      'memory',
      'machine-id',
      'macs',
    ]);
    expect(hwidFromFacts(facts)).toBe(computeHwid());
    expect(hwidFromFacts([...facts.slice(0, -1), 'macs=02:00:00:00:00:01'])).not.toBe(
      computeHwid(),
    );
  });
});
