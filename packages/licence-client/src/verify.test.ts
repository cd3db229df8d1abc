import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LICENCE_CHECK_CODES } from '@stellar/shared';
import {
  checkLicence,
  computeHwid,
  fetchLicenceSettings,
  fetchOfflineToken,
  hwidFromFacts,
  hwidFromMachineId,
  LicenceCheckError,
  machineFacts,
  publicKeyFingerprint,
  rawPublicKey,
  SERVER_CODES,
  toPublicKey,
  verifyLicenceAnswer,
  verifyOfflineToken,
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
    for (const code of [
      'KEY_INVALID',
      'PRODUCT_MISMATCH',
      'BANNED',
      'REVOKED',
      'EXPIRED',
      'HWID_MISMATCH',
    ]) {
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

describe('licence check v2 on the client', () => {
  /** A server that answers for whatever hwid reached it (a relay may have rewritten it). */
  const answering =
    (change: (sent: Record<string, string>) => Record<string, unknown>): typeof fetch =>
    async (_url, init) => {
      const sent = JSON.parse(String(init?.body)) as Record<string, string>;
      const { body, signature } = signed({ nonce: sent.nonce, ...change(sent) });
      return new Response(body, { status: 200, headers: { 'x-signature': signature } });
    };
  const run = (fetchImpl: typeof fetch, extra: { licenceId?: string; now?: Date } = {}) =>
    checkLicence({
      server: 'http://licence.test',
      key: 'STLL-AAAAA-BBBBB-CCCCC-DDDDD',
      product: 'stellar-launcher',
      hwid: 'machine-0001',
      publicKey,
      fetch: fetchImpl,
      licenceId: extra.licenceId,
      now: () => extra.now ?? NOW,
    });
  const reason = (p: Promise<unknown>) =>
    p.then(
      () => 'resolved',
      (e: unknown) => (e instanceof LicenceCheckError ? e.reason : String(e)),
    );

  it('a relay that rewrites the request hwid gets a genuine answer the client refuses (before freshness)', async () => {
    const relayed = answering(() => ({ hwid: 'bound-machine-0002', licenceId: 'licence-1' }));
    expect(await reason(run(relayed))).toBe('BINDING_MISMATCH');
    // Checked before freshness: a stale relayed answer is still a binding failure.
    expect(await reason(run(relayed, { now: new Date(NOW.getTime() + 3_600_000) }))).toBe(
      'BINDING_MISMATCH',
    );
    const honest = answering((sent) => ({
      hwid: sent.hwid,
      licenceId: 'licence-1',
      variables: { latest: '2.5.0' },
    }));
    const result = await run(honest);
    expect(result).toMatchObject({ licenceId: 'licence-1', variables: { latest: '2.5.0' } });
    expect(await reason(run(honest, { licenceId: 'licence-2' }))).toBe('BINDING_MISMATCH');
    expect(await reason(run(honest, { licenceId: 'licence-1' }))).toBe('resolved');
  });

  it('answers of a version 1 server (no hwid, no licenceId) still verify', async () => {
    const result = await run(answering(() => ({})));
    expect(result).toMatchObject({ code: 'VALID', licenceId: null, variables: {} });
  });

  it('refuses to run without a pinned key; takes PEM, raw base64 or a KeyObject', async () => {
    await expect(
      checkLicence({
        server: 'http://licence.test',
        key: 'k',
        product: 'stellar-launcher',
        publicKey: undefined as never,
      }),
    ).rejects.toThrow(/^A pinned public key is required/);
    const raw = rawPublicKey(publicKey).toString('base64');
    expect(publicKeyFingerprint(toPublicKey(raw))).toBe(publicKeyFingerprint(publicKey));
    const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    expect(publicKeyFingerprint(toPublicKey(pem))).toMatch(/^[0-9a-f]{64}$/);
    expect(() => toPublicKey('AAAA')).toThrow('The licence public key must be an Ed25519 key.');
  });

  it('settings: bound like validate, and a signed REVOKED is a refusal', async () => {
    const settingsServer =
      (change: (hwid: string) => Record<string, unknown>): typeof fetch =>
      async (url) => {
        const query = new URL(String(url)).searchParams;
        const body = Buffer.from(
          JSON.stringify({
            product: 'stellar-launcher',
            settings: { threads: 4 },
            nonce: query.get('nonce'),
            serverTime: NOW.toISOString(),
            valid: true,
            code: 'VALID',
            hwid: query.get('hwid'),
            licenceId: 'licence-1',
            ...change(query.get('hwid')!),
          }),
        );
        const signature = sign(null, body, privateKey).toString('base64');
        return new Response(body, { status: 200, headers: { 'x-signature': signature } });
      };
    const get = (fetchImpl: typeof fetch) =>
      fetchLicenceSettings({
        server: 'http://licence.test',
        key: 'STLL-AAAAA-BBBBB-CCCCC-DDDDD',
        hwid: 'machine-0001',
        publicKey,
        licenceId: 'licence-1',
        fetch: fetchImpl,
        now: () => NOW,
      });
    expect(await get(settingsServer(() => ({})))).toEqual({
      product: 'stellar-launcher',
      settings: { threads: 4 },
    });
    expect(await reason(get(settingsServer(() => ({ hwid: 'machine-0002' }))))).toBe(
      'BINDING_MISMATCH',
    );
    expect(await reason(get(settingsServer(() => ({ licenceId: 'licence-2' }))))).toBe(
      'BINDING_MISMATCH',
    );
    expect(
      await reason(get(settingsServer(() => ({ valid: false, code: 'REVOKED', settings: null })))),
    ).toBe('REVOKED');
  });

  it('the portable HWID recipe gives the doc vector', () => {
    expect(hwidFromMachineId('4c4c4544005a3510804bb4c04f4b4d32')).toBe(
      'd972fdc70c98314b4a468b3cb6f0c0d384715d5ed48a653221e70198837a1849',
    );
    expect(hwidFromMachineId(' 4c4c4544005a3510804bb4c04f4b4d32\n')).toBe(
      hwidFromMachineId('4c4c4544005a3510804bb4c04f4b4d32'),
    );
  });
});

describe('offline tokens', () => {
  const UNTIL = new Date(NOW.getTime() + 3 * 86_400_000);
  const token = (fields: Record<string, unknown> = {}) => {
    const { body, signature } = signed({
      hwid: 'machine-0001',
      licenceId: 'licence-1',
      type: 'offline-token',
      validUntil: UNTIL.toISOString(),
      ...fields,
    });
    return { body: body.toString('utf8'), signature };
  };
  const verifyAtTime = (t: { body: string; signature: string }, now: Date, hwid = 'machine-0001') =>
    verifyOfflineToken({ token: t, publicKey, hwid, product: 'stellar-launcher', now });
  const reasonAt = (fn: () => unknown) => reasonOf(fn);

  it('verifies offline: signature, this machine, until validUntil', () => {
    const t = token();
    expect(verifyAtTime(t, new Date(NOW.getTime() + 86_400_000))).toMatchObject({
      code: 'VALID',
      validUntil: UNTIL.toISOString(),
    });
    // Expiry: at validUntil and after.
    expect(reasonAt(() => verifyAtTime(t, UNTIL))).toBe('OFFLINE_EXPIRED');
    expect(reasonAt(() => verifyAtTime(t, new Date(UNTIL.getTime() + 1)))).toBe('OFFLINE_EXPIRED');
    // Wrong machine: the token was copied to another PC.
    expect(reasonAt(() => verifyAtTime(t, NOW, 'machine-0002'))).toBe('BINDING_MISMATCH');
    // A clock set back before the token was issued.
    expect(reasonAt(() => verifyAtTime(t, new Date(NOW.getTime() - 301_000)))).toBe(
      'STALE_RESPONSE',
    );
    // One byte changed, or another key.
    const changed = { ...t, body: t.body.replace(UNTIL.toISOString(), '2099-01-01T00:00:00.000Z') };
    expect(reasonAt(() => verifyAtTime(changed, NOW))).toBe('SIGNATURE_INVALID');
    expect(
      reasonAt(() =>
        verifyOfflineToken({
          token: t,
          publicKey: generateKeyPairSync('ed25519').publicKey,
          hwid: 'machine-0001',
          product: 'stellar-launcher',
          now: NOW,
        }),
      ),
    ).toBe('SIGNATURE_INVALID');
  });

  it('a validate answer, a refusal or another product is not an offline token', () => {
    const validate = signed({ hwid: 'machine-0001' });
    expect(
      reasonAt(() =>
        verifyAtTime({ body: validate.body.toString(), signature: validate.signature }, NOW),
      ),
    ).toBe('BAD_RESPONSE');
    expect(
      reasonAt(() =>
        verifyAtTime(token({ valid: false, code: 'HWID_MISMATCH', validUntil: null }), NOW),
      ),
    ).toBe('BAD_RESPONSE');
    expect(
      reasonAt(() =>
        verifyOfflineToken({
          token: token(),
          publicKey,
          hwid: 'machine-0001',
          product: 'clothing-bot',
          now: NOW,
        }),
      ),
    ).toBe('BAD_RESPONSE');
  });

  it('fetchOfflineToken keeps the exact bytes and says OFFLINE_DISABLED when the shop is off', async () => {
    const server =
      (fields: Record<string, unknown>): typeof fetch =>
      async (_url, init) => {
        const sent = JSON.parse(String(init?.body)) as Record<string, string>;
        const { body, signature } = signed({
          nonce: sent.nonce,
          hwid: sent.hwid,
          licenceId: 'licence-1',
          type: 'offline-token',
          validUntil: UNTIL.toISOString(),
          ...fields,
        });
        return new Response(body, { status: 200, headers: { 'x-signature': signature } });
      };
    const opts = {
      server: 'http://licence.test',
      key: 'STLL-AAAAA-BBBBB-CCCCC-DDDDD',
      product: 'stellar-launcher',
      hwid: 'machine-0001',
      publicKey,
      now: () => NOW,
    };
    const got = await fetchOfflineToken({ ...opts, fetch: server({}) });
    expect(got.validUntil).toEqual(UNTIL);
    expect(verifyAtTime(got.token, NOW).licenceId).toBe('licence-1');
    const off = await fetchOfflineToken({
      ...opts,
      fetch: server({ valid: false, code: 'OFFLINE_DISABLED', validUntil: null }),
    }).catch((e: unknown) => e);
    expect((off as LicenceCheckError).reason).toBe('OFFLINE_DISABLED');
  });
});
