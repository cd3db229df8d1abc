import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateAccountCode } from './generate-account-code';

afterEach(() => vi.restoreAllMocks());

describe('generateAccountCode', () => {
  it('gives 6 uppercase letters and digits', () => {
    for (let i = 0; i < 200; i += 1) expect(generateAccountCode()).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('draws from crypto.getRandomValues, not Math.random', () => {
    const getRandomValues = vi.spyOn(crypto, 'getRandomValues');
    const random = vi.spyOn(Math, 'random');
    generateAccountCode();
    expect(getRandomValues).toHaveBeenCalled();
    expect(random).not.toHaveBeenCalled();
  });

  it('maps bytes onto the alphabet and skips the biased top bytes (252-255)', () => {
    const bytes = [255, 0, 252, 25, 26, 35, 36, 251, 253];
    vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
      const view = array as Uint8Array;
      view.fill(0);
      bytes.forEach((byte, index) => {
        if (index < view.length) view[index] = byte;
      });
      return array;
    });
    // 0 -> A, 25 -> Z, 26 -> 0, 35 -> 9, 36 -> A (36 mod 36), 251 -> 251 mod 36 = 35 -> 9
    expect(generateAccountCode()).toBe('AZ09A9');
  });

  it('does not repeat itself', () => {
    const codes = new Set(Array.from({ length: 50 }, () => generateAccountCode()));
    expect(codes.size).toBe(50);
  });
});
