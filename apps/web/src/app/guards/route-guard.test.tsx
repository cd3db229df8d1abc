import { TOKEN_STORAGE_KEY, type CurrentUser } from '@stellar/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { landing, renderRoutes } from '@/test/render-routes';
import { RouteGuard } from './route-guard';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = (role: CurrentUser['role'], mustChangePassword = false): CurrentUser => ({
  _id: 'u1',
  username: 'alice',
  role,
  twoFactorEnabled: false,
  balance: 0,
  mustChangePassword,
  impersonatedBy: null,
  createdAt: '2025-01-01T00:00:00.000Z',
});

function renderGuarded(path: string) {
  return renderRoutes(
    [
      {
        element: <RouteGuard />,
        children: [landing('/user-dashboard'), landing('/change-password')],
      },
      { element: <RouteGuard roles={['Admin', 'Owner']} />, children: [landing('/admin-panel')] },
      landing('/login'),
      landing('/unauthorized'),
    ],
    [path],
  );
}

describe('RouteGuard', () => {
  it('sends a visitor without a token to /login without asking the server', async () => {
    const fetchMock = mockApi({});
    const { router } = renderGuarded('/user-dashboard');
    expect(await screen.findByText('landed on /login')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/user-dashboard' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows "Loading..." while it checks, then the page', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    let answer: (response: Response) => void = () => {};
    mockApi({ 'GET /users/user': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderGuarded('/user-dashboard');

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answer(Response.json(user('Member')));
    expect(await screen.findByText('landed on /user-dashboard')).toBeInTheDocument();
  });

  it('sends a role outside the list to /unauthorized', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    mockApi({ 'GET /users/user': () => Response.json(user('Member')) });
    renderGuarded('/admin-panel');
    expect(await screen.findByText('landed on /unauthorized')).toBeInTheDocument();
  });

  it('lets an allowed role in', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    mockApi({ 'GET /users/user': () => Response.json(user('Owner')) });
    renderGuarded('/admin-panel');
    expect(await screen.findByText('landed on /admin-panel')).toBeInTheDocument();
  });

  it('removes the token and goes to /login when the token check fails', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'expired');
    mockApi({
      'GET /users/user': () => Response.json({ message: 'Session expired' }, { status: 401 }),
    });
    renderGuarded('/user-dashboard');
    expect(await screen.findByText('landed on /login')).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull());
  });

  it('sends an account that must change its password to /change-password first', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    mockApi({ 'GET /users/user': () => Response.json(user('Member', true)) });
    renderGuarded('/user-dashboard');
    expect(await screen.findByText('landed on /change-password')).toBeInTheDocument();
  });
});
