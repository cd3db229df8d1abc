import { newEncryptionKey, newSigningKey } from '../src/lib/secrets';

/**
 * The keys every server process of one test file shares (DATABASE_URL requires them): pass them in
 * the environment of each spawned server, as an operator would.
 */
export const TEST_SECRETS = {
  ENCRYPTION_KEY: newEncryptionKey(),
  LICENCE_SIGNING_KEY: newSigningKey(),
};
