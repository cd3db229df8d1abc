import { CATALOGUE, TOKEN_STORAGE_KEY, type CurrentUser } from '@stellar/shared';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../providers';
import { TopBar } from './top-bar';

const fetchMock = vi.fn<typeof fetch>();

function user(role: CurrentUser['role'], username = 'alice'): CurrentUser {
  return {
    _id: 'u1',
    username,
    role,
    twoFactorEnabled: false,
    balance: 0,
    mustChangePassword: false,
    impersonatedBy: null,
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

function respondWith(currentUser: CurrentUser | null) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/users/user')) {
      return currentUser
        ? Response.json(currentUser)
        : Response.json({ message: 'Unauthorized' }, { status: 401 });
    }
    if (url.endsWith('/auth/logout')) return Response.json({ message: 'Logged out' });
    if (url.endsWith('/products')) return Response.json(CATALOGUE);
    return Response.json({ message: 'Not found' }, { status: 404 });
  });
}

function renderTopBar() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element: <TopBar /> },
      { path: '*', element: <TopBar /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('TopBar', () => {
  it('shows the brand, the product links and Login when signed out, without asking for a user', async () => {
    respondWith(null);
    renderTopBar();

    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('link', { name: 'Stellar' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'Stellar Launcher' })).toHaveAttribute(
      'href',
      '/product/stellar-launcher',
    );
    expect(within(main).getByRole('link', { name: 'Clothing Bot' })).toHaveAttribute(
      'href',
      '/product/clothing-bot',
    );
    expect(within(main).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(within(main).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).not.toContain('/api/users/user');
  });

  it('takes the product links from the served catalogue, without the placeholder product', async () => {
    respondWith(null);
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/products')
        ? Response.json([
            { ...CATALOGUE[0]!, title: 'Stellar Launcher Pro' },
            CATALOGUE[1]!,
            CATALOGUE[2]!,
          ])
        : Response.json({ message: 'Not found' }, { status: 404 }),
    );
    renderTopBar();
    const main = screen.getByRole('navigation', { name: 'Main' });

    expect(await within(main).findByRole('link', { name: 'Stellar Launcher Pro' })).toHaveAttribute(
      'href',
      '/product/stellar-launcher',
    );
    expect(within(main).queryByRole('link', { name: 'Other' })).not.toBeInTheDocument();
  });

  it('opens an Admin menu with every panel, closes it on a link click, and logs out', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    respondWith(user('Admin'));
    const router = renderTopBar();
    const ui = userEvent.setup();

    const menuButton = await screen.findByRole('button', { name: 'alice' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    await ui.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/user-dashboard',
    );
    expect(screen.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute(
      'href',
      '/admin-panel',
    );
    expect(screen.getByRole('link', { name: 'Resell Panel' })).toHaveAttribute(
      'href',
      '/resell-panel',
    );

    await ui.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(router.state.location.pathname).toBe('/user-dashboard');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();

    await ui.click(menuButton);
    await ui.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    const logoutCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/logout'));
    expect(logoutCall?.[1]?.method).toBe('POST');
    expect(new Headers(logoutCall?.[1]?.headers).get('Authorization')).toBe('Bearer tok');
  });

  it.each([
    ['Member', false, false],
    ['Support', true, false],
    ['Reseller', false, true],
    ['Owner', true, true],
  ] as const)('shows the right panels to a %s', async (role, admin, resell) => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    respondWith(user(role));
    renderTopBar();

    await userEvent.click(await screen.findByRole('button', { name: 'alice' }));
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin Panel' }) !== null).toBe(admin);
    expect(screen.queryByRole('link', { name: 'Resell Panel' }) !== null).toBe(resell);
  });

  it('closes the menu on Escape and returns focus to its button', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    respondWith(user('Member'));
    renderTopBar();
    const ui = userEvent.setup();

    const menuButton = await screen.findByRole('button', { name: 'alice' });
    await ui.click(menuButton);
    await ui.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });

  it('shows the same account links in the mobile menu', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    respondWith(user('Reseller', 'bob'));
    renderTopBar();
    const ui = userEvent.setup();

    await screen.findByRole('button', { name: 'bob' });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await ui.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    // The signed-in part is its own chunk (not loaded on anonymous visits).
    await within(mobile).findByRole('button', { name: 'Logout' });
    for (const name of [
      'Stellar Launcher',
      'Clothing Bot',
      'Contact',
      'Chat',
      'Dashboard',
      'Resell Panel',
    ]) {
      expect(within(mobile).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(mobile).queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
    expect(within(mobile).getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    await ui.click(within(mobile).getByRole('link', { name: 'Chat' }));
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument(),
    );
  });
});
