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

const money = (useGrouping: boolean) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping,
  });
// No thousands separator by default: the site has always shown "$1500.00", and the spec's figures
// have none. Grouped ("$10,000.00") only where a large bound is read in a sentence.
const dollars = money(false);
const groupedDollars = money(true);

/**
 * Dollars with two decimals, as every price and balance is shown: "$25.00", negatives "-$5.00".
 * The one money formatter of the web app and the server.
 */
export function formatDollars(amount: number, options: { grouped?: boolean } = {}): string {
  return (options.grouped ? groupedDollars : dollars).format(amount === 0 ? 0 : amount);
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
