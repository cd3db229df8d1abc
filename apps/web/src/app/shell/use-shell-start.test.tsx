import { TOKEN_STORAGE_KEY } from '@stellar/shared';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../providers';
import { AppShell } from './app-shell';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('shell start', () => {
  it('fetches the maintenance status, and clears the session when the user load fails', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'expired');
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/maintenance/status')
        ? Response.json({ chat: false })
        : Response.json({ message: 'Session expired' }, { status: 401 }),
    );
    const router = createMemoryRouter([{ path: '/', element: <AppShell /> }]);
    render(
      <AppProviders
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <RouterProvider router={router} />
      </AppProviders>,
    );

    // The user load fails after the first render's lazy imports start: allow more than the default 1 s.
    expect(
      await screen.findByRole('link', { name: 'Login' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/maintenance/status');
    expect(urls).toContain('/api/users/user');
    await waitFor(() =>
      expect(console.warn).toHaveBeenCalledWith(
        'Could not load the current user; signing out.',
        expect.anything(),
      ),
    );
  });
});
