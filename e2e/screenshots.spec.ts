import { expect, test } from '@playwright/test';
import path from 'node:path';

// Kept as test artifacts (e2e/artifacts, not committed) to look at after a run.
const SHOTS: Array<[name: string, url: string, heading: string]> = [
  ['home', '/', 'Welcome to Stellar'],
  ['product', '/product/stellar-launcher', 'Stellar Launcher'],
  ['login', '/login', 'Log in to Stellar'],
];

for (const [name, url, heading] of SHOTS) {
  for (const width of [1280, 390]) {
    test(`screenshot: ${name} at ${width}px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Wait for lazy images (team avatars) so the full-page shot shows them.
      await page.evaluate(async () => {
        for (const image of Array.from(document.images)) {
          image.loading = 'eager';
          if (image.complete) continue;
          await new Promise((resolve) => {
            image.addEventListener('load', resolve);
            image.addEventListener('error', resolve);
          });
        }
      });
      const file = path.join(testInfo.project.outputDir, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
      await testInfo.attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
    });
  }
}
