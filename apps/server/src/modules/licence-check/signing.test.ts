import { sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSigningKey } from '../../lib/secrets';
import { loadSigner, parseSigningKey } from './signing';

const valid = (pem: string, body: string, signature: string) =>
  verify(null, Buffer.from(body, 'utf8'), pem, Buffer.from(signature, 'base64'));

describe('licence answer signer', () => {
  it('signs 300 concurrent bodies on its thread, each with its own valid signature', async () => {
    const signer = await loadSigner();
    try {
      const bodies = Array.from({ length: 300 }, (_, i) => JSON.stringify({ n: i }));
      const signatures = await Promise.all(bodies.map((b) => signer.sign(b)));
      bodies.forEach((b, i) => expect(valid(signer.publicKeyPem, b, signatures[i]!)).toBe(true));
      expect(valid(signer.publicKeyPem, bodies[0]!, signatures[1]!)).toBe(false);
    } finally {
      await signer.close();
    }
  });

  it('still signs, on the main thread, what was queued when the thread closed and after', async () => {
    const signer = await loadSigner();
    const pending = ['a', 'b', 'c'].map((b) => signer.sign(b));
    await signer.close();
    const after = await signer.sign('d');
    const signatures = await Promise.all(pending);
    ['a', 'b', 'c'].forEach((b, i) =>
      expect(valid(signer.publicKeyPem, b, signatures[i]!)).toBe(true),
    );
    expect(valid(signer.publicKeyPem, 'd', after)).toBe(true);
  });

  it('signs with libsodium on its thread, the same bytes node:crypto signs', async () => {
    const pem = newSigningKey();
    const signer = await loadSigner(pem);
    try {
      expect(await signer.engine()).toBe('libsodium');
      const key = parseSigningKey(pem);
      const bodies = Array.from({ length: 50 }, (_, i) =>
        JSON.stringify({ n: i, nonce: 'é✓'.repeat(i % 7) }),
      );
      const signatures = await Promise.all(bodies.map((b) => signer.sign(b)));
      bodies.forEach((b, i) =>
        expect(signatures[i]).toBe(sign(null, Buffer.from(b, 'utf8'), key).toString('base64')),
      );
    } finally {
      await signer.close();
    }
  });

  it('signs with node:crypto on its thread when sodium-native cannot be loaded', async () => {
    const signer = await loadSigner(undefined, { sodium: '/nonexistent/sodium-native' });
    try {
      expect(await signer.engine()).toBe('node:crypto');
      const bodies = ['{"a":1}', '{"b":2}', '{"c":3}'];
      const signatures = await Promise.all(bodies.map((b) => signer.sign(b)));
      bodies.forEach((b, i) => expect(valid(signer.publicKeyPem, b, signatures[i]!)).toBe(true));
    } finally {
      await signer.close();
    }
  });
});
