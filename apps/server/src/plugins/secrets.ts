import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { newEncryptionKey } from '../lib/secrets';

declare module 'fastify' {
  interface FastifyInstance {
    /** AES-256 key sealing secrets at rest (2FA seeds). */
    encryptionKey: Buffer;
  }
}

/**
 * ENCRYPTION_KEY as resolved at start (the variable, its _FILE, or DATA_DIR/secrets on the embedded
 * default: server.ts). An app built without one (tests) gets a key of its own, kept nowhere.
 */
export default fp(
  async function secretsPlugin(app: FastifyInstance, opts: { encryptionKeyHex?: string }) {
    const hex = opts.encryptionKeyHex ?? newEncryptionKey();
    app.decorate('encryptionKey', Buffer.from(hex, 'hex'));
  },
  { name: 'secrets', dependencies: ['db'] },
);
