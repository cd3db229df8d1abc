import { randomBytes } from 'node:crypto';
import { KEY_CODE_PATTERN, LICENCE_KEY_PATTERN } from '@stellar/shared';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Voucher keys (sold, redeemed once) start STLR-; a licence's own key (the tool's credential) STLL-. */
export const VOUCHER_PREFIX = 'STLR';
export const LICENCE_PREFIX = 'STLL';

/** A new code: the prefix and 100 random bits as 4 groups of 5 Crockford base32 characters. */
export function newKeyCode(prefix: string = VOUCHER_PREFIX): string {
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
  return [prefix, chars.slice(0, 5), chars.slice(5, 10), chars.slice(10, 15), chars.slice(15)].join(
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
  const prefix = compact.slice(0, 4);
  if ((prefix !== VOUCHER_PREFIX && prefix !== LICENCE_PREFIX) || compact.length !== 24) {
    return input.trim().toUpperCase();
  }
  const body = compact.slice(4).replace(/O/g, '0').replace(/[IL]/g, '1');
  const code = [prefix, ...(body.match(/.{5}/g) ?? [])].join('-');
  return KEY_CODE_PATTERN.test(code) || LICENCE_KEY_PATTERN.test(code)
    ? code
    : input.trim().toUpperCase();
}

/** A redeemed voucher as a reseller sees it: only the last group, so it is no credential. */
export function maskKeyCode(code: string): string {
  const groups = code.split('-');
  return [groups[0], ...groups.slice(1, -1).map(() => '*****'), groups.at(-1)].join('-');
}
