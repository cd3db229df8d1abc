import { expect, type Page } from '@playwright/test';

/**
 * Opens a page that arrives rendered (the prerendered home page, or a product page the server
 * renders) and waits until its app has started. Such a page runs the app's entry only after the first
 * paint (scripts/prerender-home.mjs), often after the `load` event that `goto` waits for; a click
 * before then lands on markup with no handlers yet, as it would for a visitor on a slow phone.
 */
export async function openHome(page: Page, url = '/'): Promise<void> {
  await page.goto(url);
  await expect(page.locator('#root[data-app="started"]')).toBeAttached();
}

/** A product page, rendered by the server (plugins/product-pages.ts), once its app has started. */
export function openProduct(page: Page, slug: string): Promise<void> {
  return openHome(page, `/product/${slug}`);
}

/**
 * When the page's first contentful paint came and when the app's entry script was fetched (ms from
 * navigation): a rendered page must paint before it fetches the entry.
 */
export async function expectPaintBeforeEntry(page: Page): Promise<void> {
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const entry = performance
      .getEntriesByType('resource')
      .find((r) => /\/assets\/index-[\w-]+\.js$/.test(r.name));
    return { paint: paint?.startTime, entryFetch: entry?.startTime };
  });
  expect(timing.paint).toBeGreaterThan(0);
  expect(timing.entryFetch).toBeGreaterThanOrEqual(timing.paint!);
}
