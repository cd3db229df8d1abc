import { randomBytes } from 'node:crypto';
import { KEY_CODE_PATTERN } from '@stellar/shared';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PREFIX = 'STLR';

/** A new key code: STLR- and 100 random bits as 4 groups of 5 Crockford base32 characters. */
export function newKeyCode(): string {
  const bytes = randomBytes(13); // 104 bits; the first 100 are used
  let chars = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5 && chars.length < 20) {
      bits -= 5;
      chars += CROCKFORD[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return [PREFIX, chars.slice(0, 5), chars.slice(5, 10), chars.slice(10, 15), chars.slice(15)].join(
    '-',
  );
}

/**
 * What a member typed, as a stored code: case, spaces and dashes are forgiven, and Crockford's
 * look-alikes (O -> 0, I/L -> 1) are read as the digits they stand for. Anything else is
 * returned upper-cased, so it simply matches no key.
 */
export function normaliseKeyCode(input: string): string {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  if (!compact.startsWith(PREFIX) || compact.length !== PREFIX.length + 20) {
    return input.trim().toUpperCase();
  }
  const body = compact.slice(PREFIX.length).replace(/O/g, '0').replace(/[IL]/g, '1');
  const code = [PREFIX, ...(body.match(/.{5}/g) ?? [])].join('-');
  return KEY_CODE_PATTERN.test(code) ? code : input.trim().toUpperCase();
}
