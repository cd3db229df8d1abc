import { expect, test } from '@playwright/test';

test.describe('Helix editor', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/code-editor');
    // Monaco (about 4 MB of script) loads with the page: on a loaded 2-core machine the heading and
    // the editor took more than the default 5 s in full runs, so the wait allows 15 s.
    await expect(page.getByRole('heading', { level: 1, name: 'Helix' })).toBeVisible({
      timeout: 15_000,
    });
    // Monaco has mounted once its text area exists.
    await expect(page.locator('.monaco-editor textarea')).toBeAttached({ timeout: 15_000 });
  });

  test('has the four tabs with editor selected, and a Lua editor per the spec', async ({
    page,
  }) => {
    const tabs = page.getByRole('tablist', { name: 'Helix' }).getByRole('tab');
    await expect(tabs).toHaveText(['editor', 'settings', 'scriptHub', 'account']);
    await expect(page.getByRole('tab', { name: 'editor' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    const editor = page.locator('.monaco-editor');
    await expect(editor).toHaveClass(/vs-dark/);
    await expect(page.locator('.view-lines')).toHaveText('print("Hello, Stellar!")');
    // Monaco keeps an empty minimap element when the minimap is off: it must take no room.
    const minimapWidths = await editor
      .locator('.minimap')
      .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().width));
    expect(minimapWidths.every((width) => width === 0)).toBe(true);
    const wrapper = page.getByTestId('helix-editor');
    await expect.poll(() => wrapper.evaluate((el) => el.getBoundingClientRect().height)).toBe(400);
    const lineStyle = await page.locator('.view-lines').evaluate((el) => ({
      size: getComputedStyle(el).fontSize,
      height: getComputedStyle(el).lineHeight,
    }));
    expect(lineStyle).toEqual({ size: '16px', height: '24px' });
    // Monaco marks its container with the model's language.
    await expect(wrapper.locator('[data-mode-id]')).toHaveAttribute('data-mode-id', 'lua');
  });

  test('Execute logs the code; Clear empties the editor', async ({ page }) => {
    const logs: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'log') logs.push(message.text());
    });
    await page.getByRole('button', { name: 'Execute' }).click();
    await expect.poll(() => logs).toContain('print("Hello, Stellar!")');

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.locator('.view-lines')).toHaveText('');
    logs.length = 0;
    await page.getByRole('button', { name: 'Execute' }).click();
    await expect.poll(() => logs).toEqual(['']);
  });

  test('Open File and Save File only show an alert', async ({ page }) => {
    const alerts: string[] = [];
    page.on('dialog', async (dialog) => {
      alerts.push(`${dialog.type()}:${dialog.message()}`);
      await dialog.accept();
    });
    await page.getByRole('button', { name: 'Open File' }).click();
    await page.getByRole('button', { name: 'Save File' }).click();
    await expect.poll(() => alerts).toEqual(['alert:Open file', 'alert:Save file']);
    await expect(page.locator('.view-lines')).toHaveText('print("Hello, Stellar!")');
  });

  test('Attach is disabled after one click and stays so', async ({ page }) => {
    const attach = page.getByRole('button', { name: 'Attach' });
    await expect(attach).toBeEnabled();
    await attach.click();
    await expect(attach).toBeDisabled();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('tab', { name: 'settings' }).click();
    await page.getByRole('tab', { name: 'editor' }).click();
    await expect(attach).toBeDisabled();
    // The editor's text survives the tab switch too.
    await expect(page.locator('.view-lines')).toHaveText('');
  });

  test('the sidebar lists the static scripts', async ({ page }) => {
    const sidebar = page.getByRole('complementary', { name: 'Scripts' });
    await expect(
      sidebar.getByRole('region', { name: 'Local Files' }).getByRole('listitem'),
    ).toHaveText(['Script 1', 'Script 2', 'Script 3']);
    await expect(
      sidebar.getByRole('region', { name: 'Bookmarks' }).getByRole('listitem'),
    ).toHaveText(['Pinned Script 1']);
    await expect(
      sidebar.getByRole('region', { name: 'Autoexec' }).getByRole('listitem'),
    ).toHaveText(['Autoexec Script 1']);
  });

  test('settings has the toggle and the dropdown; scriptHub and account are empty', async ({
    page,
  }) => {
    await page.getByRole('tab', { name: 'settings' }).click();
    const toggle = page.getByRole('switch', { name: 'Enable Feature' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    const dropdown = page.getByRole('combobox', { name: 'Dropdown' });
    await expect(dropdown).toHaveValue('1');
    await expect(dropdown.locator('option')).toHaveText([
      'Dropdown Option 1',
      'Dropdown Option 2',
      'Dropdown Option 3',
    ]);

    for (const tab of ['scriptHub', 'account']) {
      await page.getByRole('tab', { name: tab }).click();
      const panel = page.getByRole('tabpanel');
      await expect(panel).toHaveCount(1);
      await expect(panel).toBeEmpty();
    }
  });
});
