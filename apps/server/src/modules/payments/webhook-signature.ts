import { createHmac, timingSafeEqual } from 'node:crypto';

/** `sha256=<hex>`: BTCPay's BTCPay-Sig header, HMAC-SHA256 of the raw body with the webhook secret. */
export const btcpaySignature = (secret: string, raw: Buffer | string): string =>
  `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** Constant-time check of a BTCPay-Sig header against the raw body. */
export function verifyBtcpaySignature(
  secret: string,
  raw: Buffer,
  header: string | string[] | undefined,
): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(btcpaySignature(secret, raw));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
