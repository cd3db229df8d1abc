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
});

describe('cents and dollars', () => {
  it('converts both ways without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(centsToDollars(1999)).toBe(19.99);
    expect(dollarsToCents(centsToDollars(15000))).toBe(15000);
  });
});
