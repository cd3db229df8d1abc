import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sharedSecret } from '../lib/secrets';

declare module 'fastify' {
  interface FastifyInstance {
    /** AES-256 key sealing secrets at rest (2FA seeds). */
    encryptionKey: Buffer;
  }
}

/**
 * ENCRYPTION_KEY when set; otherwise a key generated once and kept in the database, so every
 * process agrees. Set it in production to keep the key apart from the data it protects.
 */
export default fp(
  async function secretsPlugin(app: FastifyInstance, opts: { encryptionKeyHex?: string }) {
    const hex =
      opts.encryptionKeyHex ??
      (await sharedSecret(app.db, 'encryption_key', () => randomBytes(32).toString('hex')));
    app.decorate('encryptionKey', Buffer.from(hex, 'hex'));
  },
  { name: 'secrets', dependencies: ['db'] },
);
