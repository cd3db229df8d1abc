import { describe, expect, it } from 'vitest';
import { maintenancePageFor, maintenancePageOfProduct } from './maintenance';

describe('maintenancePageFor', () => {
  it('maps each route to its switch (docs/product.md#decisions)', () => {
    expect(maintenancePageFor('/product/stellar-launcher')).toBe('stellar-launcher');
    expect(maintenancePageFor('/product/clothing-bot')).toBe('clothing-bot');
    expect(maintenancePageFor('/product/other')).toBe('other');
    expect(maintenancePageFor('/checkout/clothing-bot')).toBe('clothing-bot');
    expect(maintenancePageFor('/chat')).toBe('chat');
    expect(maintenancePageFor('/chat/')).toBe('chat');
    expect(maintenancePageFor('/user-dashboard')).toBe('user-dashboard');
    expect(maintenancePageFor('/resell-panel')).toBe('resell-panel');
    expect(maintenancePageFor('/contact')).toBe('contact');
  });

  it('leaves every other route alone', () => {
    for (const path of [
      '/',
      '/login',
      '/maintenance',
      '/product/chat',
      '/product/%E0%A4%A',
      '/tos',
    ]) {
      expect(maintenancePageFor(path)).toBeNull();
    }
  });
});

describe('maintenancePageOfProduct', () => {
  it("is each product's own switch, and null for any other slug", () => {
    expect(maintenancePageOfProduct('stellar-launcher')).toBe('stellar-launcher');
    expect(maintenancePageOfProduct('clothing-bot')).toBe('clothing-bot');
    expect(maintenancePageOfProduct('other')).toBe('other');
    for (const slug of ['chat', 'contact', 'constructor', '__proto__', 'new-product', '']) {
      expect(maintenancePageOfProduct(slug)).toBeNull();
    }
  });
});
