import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import path from 'node:path';

test.describe('home page', () => {
  test('greets with the title and the tagline', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Stellar' })).toBeVisible();
    await expect(page.getByText('Elevating Roblox Automation', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('Join Discord opens in a new tab without handing over the opener', async ({ page }) => {
    await page.goto('/');
    const discord = page.getByRole('link', { name: /Join Discord/ });
    await expect(discord).toHaveAttribute('target', '_blank');
    await expect(discord).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(discord).toHaveAttribute('href', /^https:\/\//);
  });

  test('Learn More scrolls the team section into view', async ({ page }) => {
    await page.goto('/');
    const team = page.locator('#learn-more');
    await expect(team).not.toBeInViewport();
    await page.getByRole('button', { name: 'Learn More' }).click();
    await expect(team).toBeInViewport();
    await expect(team.getByRole('heading', { name: 'Meet the Team' })).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('the footer carries the legal links, the video channel and this year', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer).toContainText(
      `© ${new Date().getFullYear()} Stellar. All rights reserved.`,
    );
    for (const href of ['/tos', '/privacy', '/refund-policy', '/contact']) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    const video = footer.getByRole('link', { name: /YouTube/ });
    await expect(video).toHaveAttribute('target', '_blank');
    await expect(video).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('an unknown route shows the router error screen', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText('Unexpected Application Error!')).toBeVisible();
  });

  test('the mobile menu opens with the same links', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Stellar Launcher', 'Clothing Bot', 'Contact', 'Chat', 'Login']) {
      await expect(mobile.getByRole('link', { name })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    const blocking = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
    expect(blocking).toEqual([]);
  });

  for (const width of [1280, 390]) {
    test(`screenshot at ${width}px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const file = path.join(testInfo.project.outputDir, `home-${width}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
      await testInfo.attach(`home-${width}`, { path: file, contentType: 'image/png' });
    });
  }
});
