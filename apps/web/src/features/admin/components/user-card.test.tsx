import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser, currentUser, fetchRoutes, renderWithProviders } from '../test/render';
import { UserCard } from './user-card';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('UserCard', () => {
  it('gives an Admin a role dropdown without Admin and Owner, and the actions menu', async () => {
    renderWithProviders(
      <UserCard user={adminUser()} actor={currentUser('Admin')} onFeedback={() => {}} />,
    );
    const select = await screen.findByRole('combobox', { name: 'Role of alice' });
    const options = Array.from((select as HTMLSelectElement).options).map((o) => o.value);
    expect(options).toEqual(['Member', 'Support', 'Reseller']);

    await userEvent.click(screen.getByRole('button', { name: 'Actions for alice' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Ban', 'Login', 'Issue reset code', 'Remove']);
  });

  it('shows an Admin no controls over another Admin, nor over themselves', async () => {
    const actor = currentUser('Admin');
    const { unmount } = renderWithProviders(
      <UserCard
        user={adminUser({ role: 'Admin', username: 'peer' })}
        actor={actor}
        onFeedback={() => {}}
      />,
    );
    expect(await screen.findByText('peer')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    unmount();

    renderWithProviders(
      <UserCard
        user={adminUser({ _id: actor._id, role: 'Admin', username: 'admin' })}
        actor={actor}
        onFeedback={() => {}}
      />,
    );
    expect(await screen.findByText('You')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('confirms Remove in a dialog that starts on Cancel and shows a failure inside it', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(
      fetchRoutes({
        'DELETE /users/00000000-0000-4000-8000-000000000001': () =>
          Response.json({ message: 'Forbidden' }, { status: 403 }),
      }),
    );
    renderWithProviders(
      <UserCard user={adminUser()} actor={currentUser('Admin')} onFeedback={() => {}} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for alice' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove alice?' });
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Forbidden');
    expect(consoleError).toHaveBeenCalledWith(
      'Admin action failed: remove alice.',
      expect.anything(),
    );
    consoleError.mockRestore();
  });

  it('shows the badges', async () => {
    renderWithProviders(
      <UserCard
        user={adminUser({
          twoFactorEnabled: true,
          banned: true,
          banReason: 'spam',
          mustChangePassword: true,
        })}
        actor={currentUser('Owner')}
        onFeedback={() => {}}
      />,
    );
    for (const text of ['2FA', 'Banned', 'Must change password', 'Ban reason: spam']) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
  });

  it('changes the role and reports it', async () => {
    const onFeedback = vi.fn();
    fetchMock.mockImplementation(
      fetchRoutes({
        'PUT /users/00000000-0000-4000-8000-000000000001/role': (_url, init) =>
          Response.json(adminUser({ role: JSON.parse(String(init?.body)).role })),
      }),
    );
    renderWithProviders(
      <UserCard user={adminUser()} actor={currentUser('Admin')} onFeedback={onFeedback} />,
    );
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Role of alice' }),
      'Support',
    );
    await vi.waitFor(() =>
      expect(onFeedback).toHaveBeenCalledWith({ tone: 'success', text: 'alice is now Support.' }),
    );
  });

  it('asks for the admin’s own 2FA code when the server wants it, then retries with it', async () => {
    const bodies: unknown[] = [];
    fetchMock.mockImplementation(
      fetchRoutes({
        'POST /auth/login-as/00000000-0000-4000-8000-000000000001': (_url, init) => {
          bodies.push(JSON.parse(String(init?.body)));
          const message = 'Enter your current 2FA code to sign in as another user.';
          return Response.json({ message, errors: { generatedCode: message } }, { status: 403 });
        },
      }),
    );
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(
      <UserCard user={adminUser()} actor={currentUser('Admin')} onFeedback={() => {}} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for alice' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Login' }));

    await screen.findByRole('dialog', { name: 'Sign in as alice' });
    expect(
      screen.queryByText('Enter your current 2FA code to sign in as another user.'),
    ).toBeNull();
    await userEvent.type(screen.getByLabelText('Your 2FA code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in as alice' }));

    expect(
      await screen.findByText('Enter your current 2FA code to sign in as another user.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{}, { generatedCode: '123456' }]);
    consoleError.mockRestore();
  });
});
