/** What a plan card shows beside the price (docs/product.md#money). */
export interface PlanDiscount {
  originalPrice: number | null;
  savePercent: number | null;
}

const MULTIPLIERS: Record<string, number> = { '1 Year': 2, '1 Month': 4 };

/** Struck-through original price and rounded "Save N%" for a plan's duration label. */
export function planDiscount(duration: string, price: number): PlanDiscount {
  const multiplier = MULTIPLIERS[duration];
  if (!multiplier || price <= 0) return { originalPrice: null, savePercent: null };
  const originalPrice = price * multiplier;
  return {
    originalPrice,
    savePercent: Math.round(((originalPrice - price) / originalPrice) * 100),
  };
}

// Built only for what formatDollars below leaves to it (not finite, written with an exponent such as
// 1e-7 or 1e21, or beyond 2^53 cents): the first currency Intl.NumberFormat of a page loads ICU's
// data, 44-50 ms in Chromium on this machine (about 200 ms of blocked main thread in Lighthouse's
// mobile run), and the product pages format prices while they start (docs/benchmarks.md, "Prices
// without Intl").
let intlDollars: Record<'plain' | 'grouped', Intl.NumberFormat> | null = null;
function intlFormat(value: number, grouped: boolean): string {
  const money = (useGrouping: boolean) =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping,
    });
  intlDollars ??= { plain: money(false), grouped: money(true) };
  return intlDollars[grouped ? 'grouped' : 'plain'].format(value);
}

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * Dollars with two decimals, as every price and balance is shown: "$25.00", negatives "-$5.00".
 * No thousands separator by default: the site has always shown "$1500.00", and the spec's figures
 * have none. Grouped ("$10,000.00") only where a large bound is read in a sentence.
 * The one money formatter of the web app and the server. It gives exactly what en-US
 * Intl.NumberFormat's USD currency style gives (rounding half away from zero on the number's shortest
 * decimal form, "-$0.00" for a negative that rounds to nothing): pricing.test.ts compares the two.
 */
export function formatDollars(amount: number, options: { grouped?: boolean } = {}): string {
  const value = amount === 0 ? 0 : amount;
  const grouped = options.grouped ?? false;
  const decimal = Number.isFinite(value) ? PLAIN_DECIMAL.exec(String(Math.abs(value))) : null;
  if (!decimal) return intlFormat(value, grouped);
  const fraction = (decimal[2] ?? '').padEnd(3, '0');
  const cents =
    Number(decimal[1]) * 100 + Number(fraction.slice(0, 2)) + (fraction[2]! >= '5' ? 1 : 0);
  if (!Number.isSafeInteger(cents)) return intlFormat(value, grouped);
  const whole = String(Math.floor(cents / 100));
  const sign = value < 0 ? '-' : '';
  return `${sign}$${grouped ? whole.replace(THOUSANDS, ',') : whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** Integer cents (database) to dollars (API). */
export const centsToDollars = (cents: number): number => Math.round(cents) / 100;
/** Dollars (API) to integer cents (database). */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

/** A coupon's discount: percent off (1-100) or a fixed amount off, in cents. */
export interface CouponDiscount {
  percentOff: number | null;
  amountOffCents: number | null;
}

/** What is left to pay after a coupon, in cents (never below zero; percent rounds to the cent). */
export function priceAfterCoupon(listCents: number, coupon: CouponDiscount | null): number {
  if (!coupon) return listCents;
  if (coupon.percentOff !== null) {
    return Math.max(0, listCents - Math.round((listCents * coupon.percentOff) / 100));
  }
  return Math.max(0, listCents - (coupon.amountOffCents ?? 0));
}
