import { expect, test, type Page } from '@playwright/test';
import { expectPaintBeforeEntry, openHome } from './support/home';

test.describe('home page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('is all there from its prerendered HTML', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Stellar' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('data-app', 'started');
  });
});

test.describe('home page', () => {
  test('paints before the app script is fetched, then the app starts', async ({ page }) => {
    await openHome(page);
    await expectPaintBeforeEntry(page);
    // and it is interactive: the FAQ expands.
    const questions = page.getByRole('region', { name: 'Frequently Asked Questions' });
    await questions.getByRole('button', { name: 'View More' }).click();
    await expect(questions.getByRole('button', { name: 'View Less' })).toBeVisible();
  });

  test('greets with the title and the tagline', async ({ page }) => {
    await openHome(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Stellar' })).toBeVisible();
    await expect(page.getByText('Elevating Roblox Automation', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Scroll down to the team' })).toBeVisible();
  });

  test('Join Discord opens in a new tab without handing over the opener', async ({ page }) => {
    await openHome(page);
    const discord = page.getByRole('link', { name: /Join Discord/ });
    await expect(discord).toHaveAttribute('target', '_blank');
    await expect(discord).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(discord).toHaveAttribute('href', /^https:\/\//);
  });

  test('Learn More scrolls the team section into view', async ({ page }) => {
    await openHome(page);
    const team = page.locator('#learn-more');
    await expect(team).not.toBeInViewport();
    await page.getByRole('button', { name: 'Learn More' }).click();
    await expect(team).toBeInViewport();
    await expect(team.getByRole('heading', { name: 'Meet the Team' })).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('the scroll-down arrow also leads to the team', async ({ page }) => {
    await openHome(page);
    await page.getByRole('button', { name: 'Scroll down to the team' }).click();
    await expect(page.locator('#learn-more')).toBeInViewport();
  });

  test('shows the four team members with roles, tag, bundled image and GitHub link', async ({
    page,
  }) => {
    await openHome(page);
    const team = page.locator('#learn-more');
    const cards = team.getByRole('article');
    await expect(cards).toHaveCount(4);

    const expected = [
      { name: 'Orion', roles: ['Founder'], tag: 'Stellar', inactive: true },
      {
        name: 'Vega',
        roles: ['Owner', 'Developer', 'Site Developer', 'Bot Developer', 'Security'],
        tag: 'Stellar',
        inactive: false,
      },
      { name: 'Altair', roles: ['Lead Developer'], tag: 'Stellar', inactive: false },
      { name: 'Lyra', roles: ['Lead Developer'], tag: 'Nebula Labs', inactive: false },
    ];
    for (const member of expected) {
      const card = team.getByRole('article', { name: member.name });
      await expect(card.getByRole('heading', { name: member.name })).toBeVisible();
      await expect(
        card.getByRole('list', { name: `Roles of ${member.name}` }).getByRole('listitem'),
      ).toHaveText(member.roles);
      await expect(card.getByText(member.tag, { exact: true })).toBeVisible();
      await expect(card.getByText('No longer active', { exact: true })).toHaveCount(
        member.inactive ? 1 : 0,
      );

      const image = card.getByRole('img', { name: `Illustrated avatar of ${member.name}` });
      await image.scrollIntoViewIfNeeded();
      // Bundled: a data URI or a file of this site, never another host; and it really loaded.
      const src = (await image.getAttribute('src')) ?? '';
      expect(src.startsWith('data:image/svg+xml') || src.startsWith('/assets/')).toBe(true);
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);

      const github = card.getByRole('link', { name: /GitHub/ });
      await expect(github).toHaveAttribute('href', /^https:\/\/github\.com\//);
      await expect(github).toHaveAttribute('target', '_blank');
      await expect(github).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test('the footer carries the legal links, the video channel and this year', async ({ page }) => {
    await openHome(page);
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
    await expect(page.getByRole('heading', { level: 3, name: '404 Not Found' })).toBeVisible();
  });

  test('a new page opens at its top, and Back returns to where the home page was left', async ({
    page,
  }) => {
    await openHome(page);
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Clothing Bot' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clothing Bot' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome to Stellar' }),
    ).toBeAttached();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
  });

  const contactLink = (page: Page) =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' });

  test('while the next screen loads, the current one is inert and dimmed under the progress bar', async ({
    page,
  }) => {
    await openHome(page);
    // The Contact screen's chunk is held until the test lets it through: a slow network.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/contact-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await contactLink(page).click();
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);
    const main = page.locator('main#main');
    await expect(main).toHaveAttribute('inert', '');
    await expect(main).toHaveAttribute('aria-busy', 'true');
    await expect(main).toHaveCSS('opacity', '0.6');
    // The home page is still there, and nothing in it can take focus.
    const filter = page.getByPlaceholder('Search questions and answers');
    await filter.focus();
    await expect(filter).not.toBeFocused();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Support' })).toBeVisible();
    await expect(main).not.toHaveAttribute('inert');
    await expect(main).not.toHaveAttribute('aria-busy');
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
  });

  test.describe('in a tab opened two deploys ago', () => {
    /**
     * The next `times` requests for the script chunks `chunk` matches are sent under another build's
     * name, which the server does not have (a 404, plugins/web.ts), as after two deploys (a build
     * keeps the previous build's files only, scripts/publish-web-build.mjs). Returns the page
     * loads of `path` from then on: the app goes there without one, so each is a reload.
     */
    async function chunksGone(page: Page, chunk: RegExp, times: number, path: string) {
      let left = times;
      await page.route(chunk, async (route) => {
        if (left <= 0) return route.continue();
        left -= 1;
        return route.continue({ url: route.request().url().replace(/\.js$/, '-OLDBUILD.js') });
      });
      const loads: string[] = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest() && new URL(request.url()).pathname === path)
          loads.push(request.url());
      });
      return loads;
    }

    test("a screen whose chunk is gone reloads the page once, and the new build's screen shows", async ({
      page,
    }) => {
      await openHome(page);
      // Every chunk asked next, whichever the screen needs first.
      const loads = await chunksGone(page, /\/assets\/[^/]+\.js$/, 1, '/product/clothing-bot');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Clothing Bot' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Clothing Bot' })).toBeVisible();
      await expect(page.locator('#root[data-app="started"]')).toBeAttached();
      expect(loads).toHaveLength(1);
      await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
    });

    test('a chunk still gone after that reload shows the error screen, without reloading again', async ({
      page,
    }) => {
      await openHome(page);
      const loads = await chunksGone(page, /\/assets\/contact-[\w-]+\.js$/, Infinity, '/contact');
      await contactLink(page).click();
      await expect(page.getByText('Unexpected Application Error!')).toBeVisible();
      await expect(page).toHaveURL(/\/contact$/);
      // One reload: after it, the error screen shows instead of another.
      expect(loads).toHaveLength(1);
    });
  });

  test('the top bar links every public page', async ({ page }) => {
    await openHome(page);
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(page.getByRole('link', { name: 'Stellar', exact: true }).first()).toHaveAttribute(
      'href',
      '/',
    );
    const links = {
      'Stellar Launcher': '/product/stellar-launcher',
      'Clothing Bot': '/product/clothing-bot',
      Contact: '/contact',
      Chat: '/chat',
    };
    for (const [name, href] of Object.entries(links)) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await main.getByRole('link', { name: 'Clothing Bot' }).click();
    await expect(page).toHaveURL(/\/product\/clothing-bot$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Clothing Bot' })).toBeVisible();
  });

  test('the mobile menu opens with the same links and closes on a link', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openHome(page);
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
    await mobile.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(mobile).toBeHidden();
  });
});

test.describe('FAQ', () => {
  const faq = (page: Page) => page.getByRole('region', { name: 'Frequently Asked Questions' });
  const questions = (page: Page) => faq(page).getByRole('heading', { level: 3 });

  test('shows two questions collapsed, all with View More, two again with View Less', async ({
    page,
  }) => {
    await openHome(page);
    await expect(questions(page)).toHaveCount(2);
    await faq(page).getByRole('button', { name: 'View More' }).click();
    await expect(questions(page)).toHaveCount(8);
    await faq(page).getByRole('button', { name: 'View Less' }).click();
    await expect(questions(page)).toHaveCount(2);
  });

  test('opens one answer at a time and closes an open one when clicked again', async ({ page }) => {
    await openHome(page);
    const trial = faq(page).getByRole('button', { name: 'Is there a free trial?' });
    const upgrade = faq(page).getByRole('button', { name: 'Can I upgrade my plan later?' });
    const trialAnswer = faq(page).getByText(/there is no free trial/);
    const upgradeAnswer = faq(page).getByText(/Upgrades are prorated/);

    await expect(trialAnswer).toBeHidden();
    await trial.click();
    await expect(trialAnswer).toBeVisible();
    await expect(trial).toHaveAttribute('aria-expanded', 'true');

    await upgrade.click();
    await expect(upgradeAnswer).toBeVisible();
    await expect(trialAnswer).toBeHidden();
    await expect(trial).toHaveAttribute('aria-expanded', 'false');

    await upgrade.click();
    await expect(upgradeAnswer).toBeHidden();
  });

  test('filters live, case-insensitively, over questions and answers', async ({ page }) => {
    await openHome(page);
    const search = faq(page).getByRole('searchbox', { name: 'Search FAQs' });

    await search.fill('ROBUX');
    await expect(questions(page)).toHaveText(['Which payment methods do you accept?']);
    await expect(faq(page).getByRole('button', { name: 'View More' })).toHaveCount(0);

    await search.fill('dashboard');
    await expect(questions(page)).toHaveCount(2);
    await faq(page).getByRole('button', { name: 'View More' }).click();
    await expect(questions(page)).toHaveText([
      'Can I upgrade my plan later?',
      'Which payment methods do you accept?',
      'Can I cancel my subscription?',
      'Can I use my licence on another computer?',
    ]);

    await search.fill('quantum teleporter');
    await expect(faq(page).getByText('No FAQs matched your search.')).toBeVisible();
    await expect(questions(page)).toHaveCount(0);

    await search.fill('');
    await expect(questions(page)).toHaveCount(8);
  });

  test('answers state the spec FAQ facts', async ({ page }) => {
    await openHome(page);
    await faq(page).getByRole('button', { name: 'View More' }).click();
    const facts: Array<[string, RegExp]> = [
      ['Is there a free trial?', /no free trial/],
      ['Can I upgrade my plan later?', /prorated.*dashboard/s],
      [
        'Which payment methods do you accept?',
        /cryptocurrency only.*resellers accept PayPal, credit cards, Robux and more/s,
      ],
      [
        'Can I cancel my subscription?',
        /cancel at any time from your dashboard.*no further payments/s,
      ],
      ['Are updates included?', /update.*included/s],
      ['Do you have a reseller program?', /commission/],
    ];
    for (const [question, fact] of facts) {
      const button = faq(page).getByRole('button', { name: question });
      await button.click();
      await expect(faq(page).getByRole('region', { name: question })).toHaveText(fact);
    }
  });
});
