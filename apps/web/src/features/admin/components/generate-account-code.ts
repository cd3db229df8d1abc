const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Bytes at or above this would make the first characters likelier than the rest. */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

/** The spec's random account code: 6 uppercase alphanumeric characters from the browser's CSPRNG. */
export function generateAccountCode(length = 6): string {
  let code = '';
  const bytes = new Uint8Array(length * 2);
  while (code.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= UNBIASED_LIMIT) continue;
      code += ALPHABET[byte % ALPHABET.length];
      if (code.length === length) break;
    }
  }
  return code;
}
