import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  hwidFromMachineId,
  publicKeyFingerprint,
  rawPublicKey,
  toPublicKey,
  verifyLicenceAnswer,
  verifyOfflineToken,
} from './index';
import { signatureMatches } from './verify';

/**
 * docs/licence-api.md is what tool developers implement from: every signed answer it shows must
 * verify with the example key it shows, and its other figures (raw key, fingerprint, HWID test
 * vector, the key in the snippets) must agree with each other.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const doc = readFileSync(path.join(repoRoot, 'docs/licence-api.md'), 'utf8');

const PEM = /-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=]+\n-----END PUBLIC KEY-----/g;
const exampleBlock = doc.slice(doc.indexOf("EXAMPLE KEY, NOT A REAL SHOP'S KEY"));
const examplePem = exampleBlock.match(PEM)![0];
const publicKey = toPublicKey(examplePem);

/** Every `< x-signature:` line of the doc with the next `< {...}` body line after it. */
function capturedAnswers(): { signature: string; body: string }[] {
  const lines = doc.split('\n');
  const found: { signature: string; body: string }[] = [];
  lines.forEach((line, i) => {
    const signature = /^< x-signature: (\S+)$/.exec(line)?.[1];
    if (!signature) return;
    const body = lines.slice(i + 1).find((next) => next.startsWith('< {'));
    found.push({ signature, body: body!.slice(2) });
  });
  return found;
}

describe('docs/licence-api.md', () => {
  it('marks its key as an example and gives the same key everywhere (PEM, raw, fingerprint, snippets)', () => {
    expect(doc).toMatch(/\*\*It is an example: never ship it\.\*\*/);
    const raw = /raw \(base64\): +(\S+)/.exec(exampleBlock)![1];
    const fingerprint = /fingerprint \(SHA-256\): +([0-9a-f]{64})/.exec(exampleBlock)![1];
    expect(raw).toBe(rawPublicKey(publicKey).toString('base64'));
    expect(fingerprint).toBe(publicKeyFingerprint(publicKey));
    // The TypeScript and Python snippets pin the same example key; the C one its raw form.
    for (const pem of doc.match(PEM)!) expect(pem).toBe(examplePem);
    expect(doc).toContain(`PINNED_RAW[] = "${raw}"`);
    // The public key endpoint's captured answer agrees.
    const endpoint = JSON.parse(/^< (\{"publicKey".*)$/m.exec(doc)![1]!);
    expect(endpoint).toEqual({
      publicKey: `${examplePem}\n`,
      algorithm: 'Ed25519',
      raw,
      fingerprint,
    });
  });

  it('every captured signed answer verifies with the example key; one changed byte does not', () => {
    const answers = capturedAnswers();
    expect(answers.length).toBeGreaterThanOrEqual(10);
    for (const { signature, body } of answers) {
      const bytes = Buffer.from(body, 'utf8');
      expect(signatureMatches(bytes, signature, publicKey), body).toBe(true);
      const changed = Buffer.from(bytes);
      changed[10] = changed[10]! ^ 0x01;
      expect(signatureMatches(changed, signature, publicKey)).toBe(false);
    }
  });

  it('the captured VALID answer passes every client check, bindings included', () => {
    const request = JSON.parse(/^> (\{"key".*"version".*)$/m.exec(doc)![1]!);
    const [valid] = capturedAnswers();
    const answer = JSON.parse(valid!.body);
    expect(
      verifyLicenceAnswer({
        body: Buffer.from(valid!.body),
        signature: valid!.signature,
        publicKey,
        nonce: request.nonce,
        product: request.product,
        hwid: request.hwid,
        licenceId: answer.licenceId,
        maxSkewSeconds: 300,
        now: new Date(answer.serverTime),
      }),
    ).toMatchObject({ code: 'VALID', hwid: request.hwid });
  });

  it('the HWID test vector is the portable recipe, and the captured offline token verifies offline', () => {
    const vector = /machine id `4c4c4544005a3510804bb4c04f4b4d32` gives\n`([0-9a-f]{64})`/.exec(
      doc,
    );
    expect(vector![1]).toBe(hwidFromMachineId('4c4c4544005a3510804bb4c04f4b4d32'));
    const token = capturedAnswers().find((a) =>
      a.body.includes('"type":"offline-token","validUntil":"'),
    );
    const fields = JSON.parse(token!.body);
    expect(
      verifyOfflineToken({
        token: token!,
        publicKey,
        hwid: vector![1]!,
        product: 'stellar-launcher',
        now: new Date(fields.serverTime),
      }),
    ).toMatchObject({ code: 'VALID', validUntil: fields.validUntil });
  });
});
