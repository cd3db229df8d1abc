import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchRoutes, renderWithProviders } from '../test/render';
import { CreateAccountDialog } from './create-account-dialog';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

async function openDialog() {
  renderWithProviders(<CreateAccountDialog />);
  await userEvent.click(await screen.findByRole('button', { name: 'Create Account' }));
  return screen.findByRole('dialog', { name: 'Create Account' });
}

describe('CreateAccountDialog', () => {
  it('pre-fills the password with a 6-character uppercase code and can regenerate it', async () => {
    await openDialog();
    const password = screen.getByLabelText('Password');
    const first = (password as HTMLInputElement).value;
    expect(first).toMatch(/^[A-Z0-9]{6}$/);
    expect(screen.getByLabelText('Username')).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Generate a new code' }));
    const second = (password as HTMLInputElement).value;
    expect(second).toMatch(/^[A-Z0-9]{6}$/);
    expect(second).not.toBe(first);
  });

  it('sends username and code, then shows what to hand over', async () => {
    let body: unknown;
    fetchMock.mockImplementation(
      fetchRoutes({
        'POST /auth/register': (_url, init) => {
          body = JSON.parse(String(init?.body));
          return Response.json(
            {
              message: 'Account created. The user must choose a new password at first login.',
              user: { _id: 'u9', username: 'newbie' },
            },
            { status: 201 },
          );
        },
      }),
    );
    await openDialog();
    const code = (screen.getByLabelText('Password') as HTMLInputElement).value;
    await userEvent.type(screen.getByLabelText('Username'), 'newbie');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(
      await screen.findByText(
        'Account created. The user must choose a new password at first login.',
      ),
    ).toBeInTheDocument();
    expect(body).toEqual({ username: 'newbie', password: code });
    expect(screen.getByText(code)).toBeInTheDocument();
  });

  it('shows the server field errors under their fields and logs the failure', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(
      fetchRoutes({
        'POST /auth/register': () =>
          Response.json(
            { message: 'Validation failed', errors: { username: 'Username is already taken' } },
            { status: 409 },
          ),
      }),
    );
    await openDialog();
    await userEvent.type(screen.getByLabelText('Username'), 'taken');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Username is already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });
});
