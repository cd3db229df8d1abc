import { expect, type Page } from '@playwright/test';

/**
 * Opens the prerendered home page and waits until its app has started. home.html runs the app's
 * entry only after the first paint (scripts/prerender-home.mjs), often after the `load` event that
 * `goto` waits for; a click before then lands on markup with no handlers yet, as it would for a
 * visitor on a slow phone.
 */
export async function openHome(page: Page, url = '/'): Promise<void> {
  await page.goto(url);
  await expect(page.locator('#root[data-app="started"]')).toBeAttached();
}
