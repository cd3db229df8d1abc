import { TOKEN_STORAGE_KEY } from '@stellar/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUser, fetchRoutes, renderWithProviders } from '../test/render';
import { ImpersonationBanner } from './impersonation-banner';
import { ADMIN_TOKEN_STORAGE_KEY } from './impersonation-storage';
import { reloadAt } from './reload-at';

vi.mock('./reload-at', () => ({ reloadAt: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  vi.mocked(reloadAt).mockReset();
});

describe('ImpersonationBanner', () => {
  it('shows who the admin is signed in as and returns them to their own account', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'borrowed');
    window.localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, 'own');
    const logoutTokens: (string | null)[] = [];
    fetchMock.mockImplementation(
      fetchRoutes({
        'GET /users/user': () =>
          Response.json(currentUser('Member', { username: 'bob', impersonatedBy: 'admin-id' })),
        'POST /auth/logout': (_url, init) => {
          logoutTokens.push(new Headers(init?.headers).get('Authorization'));
          return Response.json({ message: 'Logged out' });
        },
      }),
    );
    renderWithProviders(<ImpersonationBanner />);

    expect(await screen.findByText('Signed in as bob')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Return to my account' }));

    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/admin-panel'));
    expect(logoutTokens).toEqual(['Bearer borrowed']);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('own');
    expect(window.localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('renders nothing without a saved admin token', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    fetchMock.mockImplementation(
      fetchRoutes({ 'GET /users/user': () => Response.json(currentUser('Member')) }),
    );
    const { container } = renderWithProviders(<ImpersonationBanner />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });

  it('forgets a stale admin token when the signed-in user is nobody’s impersonation', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    window.localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, 'old');
    fetchMock.mockImplementation(
      fetchRoutes({ 'GET /users/user': () => Response.json(currentUser('Admin')) }),
    );
    renderWithProviders(<ImpersonationBanner />);
    await waitFor(() => expect(window.localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBeNull());
    expect(screen.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument();
  });

  it('offers the way back when the borrowed session has ended', async () => {
    window.localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, 'own');
    renderWithProviders(<ImpersonationBanner />);
    expect(await screen.findByText('The session as another user has ended.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Return to my account' }));
    expect(reloadAt).toHaveBeenCalledWith('/admin-panel');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('own');
  });
});
