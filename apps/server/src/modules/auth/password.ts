import { hash, verify } from '@node-rs/argon2';

// argon2id (docs/product.md#security-rules): m=19456 KiB, t=2, p=1 (algorithm 2 = Argon2id).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the time of a real check so an unknown username answers as slowly as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('stellar-dummy-password');
  await verifyPassword(await dummyHash, password);
}
