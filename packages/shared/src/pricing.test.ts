import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue';
import { centsToDollars, dollarsToCents, formatDollars, planDiscount } from './pricing';

describe('planDiscount (docs/product.md#money)', () => {
  it('shows twice the price struck through and "Save 50%" for 1 Year', () => {
    expect(planDiscount('1 Year', 150)).toEqual({ originalPrice: 300, savePercent: 50 });
    expect(planDiscount('1 Year', 120)).toEqual({ originalPrice: 240, savePercent: 50 });
    expect(planDiscount('1 Year', 50)).toEqual({ originalPrice: 100, savePercent: 50 });
  });

  it('shows four times the price struck through and "Save 75%" for 1 Month', () => {
    expect(planDiscount('1 Month', 25)).toEqual({ originalPrice: 100, savePercent: 75 });
    expect(planDiscount('1 Month', 20)).toEqual({ originalPrice: 80, savePercent: 75 });
  });

  it('shows no original price and no badge for 1 Week', () => {
    expect(planDiscount('1 Week', 7)).toEqual({ originalPrice: null, savePercent: null });
  });

  it('shows nothing for an unknown duration or a free plan', () => {
    expect(planDiscount('2 Years', 100)).toEqual({ originalPrice: null, savePercent: null });
    expect(planDiscount('1 year', 100)).toEqual({ originalPrice: null, savePercent: null });
    expect(planDiscount('1 Year', 0)).toEqual({ originalPrice: null, savePercent: null });
  });

  it('rounds the percentage saved', () => {
    // (2p - p) / 2p is exactly 50 % for any price; fractional prices stay exact after rounding.
    expect(planDiscount('1 Year', 9.99).savePercent).toBe(50);
    expect(planDiscount('1 Month', 0.33).savePercent).toBe(75);
  });

  it('gives every catalogue plan the badge its duration calls for', () => {
    for (const product of CATALOGUE) {
      expect(
        product.pricing.map((plan) => planDiscount(plan.duration, plan.price).savePercent),
      ).toEqual([null, 75, 50]);
    }
  });
});

describe('formatDollars', () => {
  it('always shows two decimals', () => {
    expect(formatDollars(7)).toBe('$7.00');
    expect(formatDollars(150)).toBe('$150.00');
    expect(formatDollars(12.5)).toBe('$12.50');
    expect(formatDollars(0)).toBe('$0.00');
  });

  it('puts the minus sign before the dollar sign, and rounds to cents', () => {
    expect(formatDollars(-5)).toBe('-$5.00');
    expect(formatDollars(-0.5)).toBe('-$0.50');
    expect(formatDollars(-0)).toBe('$0.00');
    expect(formatDollars(1234.5)).toBe('$1234.50');
    expect(formatDollars(19.999)).toBe('$20.00');
  });

  it('groups thousands only when asked', () => {
    expect(formatDollars(10_000, { grouped: true })).toBe('$10,000.00');
    expect(formatDollars(-1234.5, { grouped: true })).toBe('-$1,234.50');
    expect(formatDollars(10_000)).toBe('$10000.00');
  });

  it("gives exactly what en-US Intl.NumberFormat's USD style gives (it formats without Intl)", () => {
    const intl = (grouped: boolean) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        useGrouping: grouped,
      });
    const reference = { plain: intl(false), grouped: intl(true) };
    const differences: string[] = [];
    const compare = (x: number) => {
      for (const grouped of [false, true]) {
        const expected = reference[grouped ? 'grouped' : 'plain'].format(x === 0 ? 0 : x);
        const actual = formatDollars(x, { grouped });
        if (actual !== expected)
          differences.push(`${x} grouped=${grouped}: ${actual} != ${expected}`);
      }
    };
    // Every amount to the tenth of a cent up to $200 either way (ties included), prices times the
    // plan multipliers, thirds, large and tiny amounts, and the edges the fallback takes.
    for (let k = -200_000; k <= 200_000; k += 1) compare(k / 1000);
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i += 1) {
      const price = Math.round(random() * 1e9) / 100;
      for (const x of [
        price,
        price * 2,
        price * 4,
        -price,
        price / 3,
        random() * 1e12,
        random() * 1e16,
      ]) {
        compare(x);
      }
    }
    for (const x of [
      0,
      -0,
      0.005,
      0.015,
      1.005,
      2.675,
      1.045,
      8.345,
      -0.004,
      -0.005,
      1e-7,
      -1e-7,
      1e21,
      999_999_999_999.995,
      90_071_992_547_409.9,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      NaN,
      Infinity,
      -Infinity,
    ]) {
      compare(x);
    }
    expect(differences.slice(0, 10)).toEqual([]);
  });
});

describe('cents and dollars', () => {
  it('converts both ways without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(centsToDollars(1999)).toBe(19.99);
    expect(dollarsToCents(centsToDollars(15000))).toBe(15000);
  });
});
