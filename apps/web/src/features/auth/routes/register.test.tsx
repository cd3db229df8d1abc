import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '@/test/api-mock';
import { landing, renderRoutes } from '@/test/render-routes';
import { RegisterRoute } from './register';

afterEach(() => vi.unstubAllGlobals());

function renderRegister(entry = '/register') {
  return renderRoutes(
    [{ path: '/register', Component: RegisterRoute }, landing('/login')],
    [entry],
  );
}

async function fill(username: string, password: string, retype: string) {
  const ui = userEvent.setup();
  await ui.type(screen.getByLabelText('Username'), username);
  await ui.type(screen.getByLabelText('Password', { exact: true }), password);
  await ui.type(screen.getByLabelText('Retype password'), retype);
  await ui.click(screen.getByRole('button', { name: 'Register' }));
}

describe('Register', () => {
  it('shows "Passwords do not match" under retype password and sends nothing', async () => {
    const fetchMock = mockApi({});
    renderRegister();

    await fill('newmember', 'correct horse', 'correct hose');

    const retype = screen.getByLabelText('Retype password');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(retype).toHaveAttribute('aria-invalid', 'true');
    expect(retype.getAttribute('aria-describedby')).toContain(
      screen.getByText('Passwords do not match').parentElement?.id,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('registers and goes to /login, keeping where the visitor was heading', async () => {
    const fetchMock = mockApi({
      'POST /register': () =>
        Response.json(
          { message: 'Registration successful', user: { _id: 'u1', username: 'newmember' } },
          { status: 201 },
        ),
    });
    const { router } = renderRegister('/register?next=%2Fcheckout%2Fother%3Fplan%3Dbasic-plan');

    await fill('newmember', 'correct horse', 'correct horse');

    expect(await screen.findByText('landed on /login')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Fcheckout%2Fother%3Fplan%3Dbasic-plan');
    const [call] = callsTo(fetchMock, 'POST /register');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      username: 'newmember',
      password: 'correct horse',
    });
  });

  it('puts server field errors under their fields', async () => {
    mockApi({
      'POST /register': () =>
        Response.json(
          { message: 'Validation failed', errors: { username: 'Username is already taken' } },
          { status: 409 },
        ),
    });
    renderRegister();

    await fill('taken', 'correct horse', 'correct horse');

    expect(await screen.findByText('Username is already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();
  });

  it('shows the server message, or "Unknown error occurred" without one', async () => {
    mockApi({
      'POST /register': () =>
        Response.json(
          { message: 'Too many attempts. Please try again in 60 seconds.' },
          { status: 429 },
        ),
    });
    renderRegister();
    await fill('someone', 'correct horse', 'correct horse');
    expect(
      await screen.findByText('Too many attempts. Please try again in 60 seconds.'),
    ).toBeInTheDocument();

    mockApi({ 'POST /register': () => new Response('', { status: 500 }) });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Unknown error occurred'),
    );
  });
});
