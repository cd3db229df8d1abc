import { TOKEN_STORAGE_KEY } from '@stellar/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, type Handler } from '@/test/api-mock';
import { landing, renderRoutes } from '@/test/render-routes';
import { LoginRoute } from './login';

afterEach(() => vi.unstubAllGlobals());

function renderLogin(entry: string | { pathname: string; state: unknown } = '/login') {
  return renderRoutes(
    [
      { path: '/login', Component: LoginRoute },
      landing('/user-dashboard'),
      landing('/change-password'),
      landing('/checkout/:slug', 'landed on checkout'),
    ],
    [typeof entry === 'string' ? entry : (entry as never)],
  );
}

async function submit(username = 'alice', password = 'secret-password') {
  const ui = userEvent.setup();
  await ui.type(screen.getByLabelText('Username'), username);
  await ui.type(screen.getByLabelText('Password', { exact: true }), password);
  await ui.click(screen.getByRole('button', { name: 'Log in' }));
  return ui;
}

const login = (handler: Handler) => mockApi({ 'POST /auth/login': handler });

describe('Login', () => {
  it('asks for the 2FA code only after the server says so, then signs in with it', async () => {
    const fetchMock = login(({ body }) =>
      (body as { twoFactorCode?: string }).twoFactorCode === '123456'
        ? Response.json({ token: 'tok-2fa', mustChangePassword: false })
        : Response.json({ twoFactorEnabled: true, message: 'code needed' }),
    );
    renderLogin();
    expect(screen.queryByLabelText('2FA code')).not.toBeInTheDocument();

    const ui = await submit();

    const code = await screen.findByLabelText('2FA code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(screen.getByText('2FA code is required. Please enter your code.')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();

    await ui.type(code, '123456');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('landed on /user-dashboard')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-2fa');
    const bodies = callsTo(fetchMock, 'POST /auth/login').map(([, init]) =>
      JSON.parse(String(init?.body)),
    );
    expect(bodies).toEqual([
      { username: 'alice', password: 'secret-password' },
      { username: 'alice', password: 'secret-password', twoFactorCode: '123456' },
    ]);
  });

  it('puts a 2FA field error under the code field', async () => {
    let calls = 0;
    login(() =>
      ++calls === 1
        ? Response.json({ twoFactorEnabled: true, message: 'code needed' })
        : Response.json(
            { message: 'Invalid 2FA code.', errors: { twoFactorCode: 'Invalid 2FA code.' } },
            { status: 401 },
          ),
    );
    renderLogin();
    const ui = await submit();
    await ui.type(await screen.findByLabelText('2FA code'), '000000');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Invalid 2FA code.')).toBeInTheDocument();
    expect(screen.getByLabelText('2FA code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server message, else "An unexpected error occurred."', async () => {
    login(() => Response.json({ message: 'Invalid username or password.' }, { status: 401 }));
    renderLogin();
    const ui = await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');

    login(() => new Response('', { status: 502 }));
    await ui.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('An unexpected error occurred.')).toBeInTheDocument();
  });

  it('says so when a reply carries no token', async () => {
    login(() => Response.json({ ok: true }));
    renderLogin();
    await submit();
    expect(
      await screen.findByText('No token found in response. Please try again.'),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('sends an account that must change its password to /change-password', async () => {
    login(() => Response.json({ token: 'tok', mustChangePassword: true }));
    renderLogin();
    await submit();
    expect(await screen.findByText('landed on /change-password')).toBeInTheDocument();
  });

  it('continues to a safe next path, and ignores one pointing elsewhere', async () => {
    login(() => Response.json({ token: 'tok', mustChangePassword: false }));
    renderLogin('/login?next=%2Fcheckout%2Fclothing-bot%3Fplan%3Dpremium-plan');
    await submit();
    expect(await screen.findByText('landed on checkout')).toBeInTheDocument();
  });

  it('never follows a next path to another site', async () => {
    login(() => Response.json({ token: 'tok', mustChangePassword: false }));
    renderLogin('/login?next=%2F%2Fevil.example%2F');
    await submit();
    expect(await screen.findByText('landed on /user-dashboard')).toBeInTheDocument();
  });

  it('links to register and to password reset', () => {
    mockApi({});
    renderLogin();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });
});
