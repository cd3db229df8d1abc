import { TOKEN_STORAGE_KEY } from '@stellar/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, type Handler } from '@/test/api-mock';
import { renderRoutes } from '@/test/render-routes';
import { UserDashboardRoute } from './user-dashboard';

const BACKUP_CODES = Array.from({ length: 10 }, (_, i) => `code-${i}`);

// The server's view of the account; a verify handler may switch 2FA on.
const account = { twoFactorEnabled: false };

function renderDashboard(twoFactorEnabled: boolean, extra: Record<string, Handler> = {}) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  account.twoFactorEnabled = twoFactorEnabled;
  const fetchMock = mockApi({
    'GET /users/user': () =>
      Response.json({
        _id: '00000000-0000-4000-8000-000000000001',
        username: 'alice',
        role: 'Member',
        twoFactorEnabled: account.twoFactorEnabled,
        balance: 0,
        mustChangePassword: false,
        impersonatedBy: null,
        createdAt: '2025-01-01T00:00:00.000Z',
      }),
    'GET /users/owns': () => Response.json({ ownedProducts: [] }),
    'GET /ticket/tickets': () => Response.json([]),
    'GET /orders': () => Response.json([]),
    ...extra,
  });
  renderRoutes([{ path: '/user-dashboard', Component: UserDashboardRoute }], ['/user-dashboard']);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('UserDashboardRoute 2FA button', () => {
  it('offers "Enable 2FA" while 2FA is off', async () => {
    renderDashboard(false);
    expect(await screen.findByText('alice')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable 2FA' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: '2FA Verified' })).toBeNull();
  });

  it('is disabled and reads "2FA Verified" once 2FA is on', async () => {
    renderDashboard(true);
    expect(await screen.findByRole('button', { name: '2FA Verified' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enable 2FA' })).toBeNull();
  });

  it('asks for the password, sets up, verifies, then shows the backup codes once', async () => {
    const fetchMock = renderDashboard(false, {
      'POST /auth/2fa/setup': ({ body }) =>
        (body as { password: string }).password === 'my-password'
          ? Response.json({ qrCode: 'data:image/png;base64,AAAA', secret: 'JBSWY3DPEHPK3PXP' })
          : Response.json(
              { message: 'Password is incorrect.', errors: { password: 'Password is incorrect.' } },
              { status: 400 },
            ),
      'POST /auth/2fa/verify': ({ body }) => {
        if ((body as { code: string }).code !== '123456') {
          return Response.json({ message: 'Invalid 2FA code.' }, { status: 400 });
        }
        account.twoFactorEnabled = true;
        return Response.json({ verified: true, backupCodes: BACKUP_CODES });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Enable 2FA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable 2FA' });
    // No secret before the password: an empty one is refused here, a wrong one by the server.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /auth/2fa/setup')).toHaveLength(0);
    const password = within(dialog).getByLabelText('Current password');
    await userEvent.type(password, 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Password is incorrect.')).toBeInTheDocument();
    expect(within(dialog).queryByText('JBSWY3DPEHPK3PXP')).toBeNull();
    await userEvent.clear(password);
    await userEvent.type(password, 'my-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', 'data:image/png;base64,AAAA');

    const code = within(dialog).getByLabelText('Authentication code');
    await userEvent.type(code, '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify 2FA' }));
    expect(await within(dialog).findByText('Invalid 2FA code.')).toBeInTheDocument();
    // The page behind the modal is hidden from assistive technology meanwhile.
    expect(screen.getByRole('button', { name: 'Enable 2FA', hidden: true })).toBeEnabled();

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify 2FA' }));

    const codes = await screen.findByRole('dialog', { name: 'Your backup codes' });
    expect(screen.queryByRole('dialog', { name: 'Enable 2FA' })).toBeNull();
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(within(codes).getByText('Store these now')).toBeInTheDocument();
    await userEvent.click(within(codes).getByRole('button', { name: 'I have stored them' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: '2FA Verified' })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST /auth/2fa/setup')).toHaveLength(2);
  });
});

describe('UserDashboardRoute data', () => {
  it('shows the spec text when a list cannot be loaded', async () => {
    renderDashboard(false, {
      'GET /users/owns': () => Response.json({ message: 'Boom' }, { status: 500 }),
    });
    expect(
      await screen.findByText('Failed to load user, tickets, or products data.'),
    ).toBeInTheDocument();
  });

  it('shows empty states that lead to the products and to /contact', async () => {
    renderDashboard(false);
    expect(await screen.findByText("You don't own any products yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clothing Bot' })).toHaveAttribute(
      'href',
      '/product/clothing-bot',
    );
    expect(await screen.findByText('You have no support tickets.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  it('redeems a key: success text, or the failure text in red', async () => {
    let redeemed = false;
    renderDashboard(false, {
      'POST /keys/redeem': ({ body }) => {
        if ((body as { keyCode: string }).keyCode !== 'GOOD') {
          return Response.json({ message: 'Invalid or already used key.' }, { status: 400 });
        }
        redeemed = true;
        return Response.json({ message: 'Key redeemed successfully', product: ownedProduct });
      },
      'GET /users/owns': () => Response.json({ ownedProducts: redeemed ? [ownedProduct] : [] }),
    });
    const input = await screen.findByLabelText('Voucher key');
    await userEvent.type(input, 'BAD');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    const failure = await screen.findByText('Invalid or already used key.');
    expect(failure).toHaveClass('text-danger');

    await userEvent.clear(input);
    await userEvent.type(input, 'GOOD');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Key redeemed successfully')).toHaveClass('text-success');
    expect(await screen.findByRole('heading', { name: 'Clothing Bot' })).toBeInTheDocument();
    expect(screen.getByText('Not bound yet')).toBeInTheDocument();
  });
});

const ownedProduct = {
  _id: 'l1',
  productId: 'p2',
  title: 'Clothing Bot',
  slug: 'clothing-bot',
  hwid: null,
  purchasedAt: '2025-01-01T00:00:00.000Z',
  expiresAt: '2099-01-01T00:00:00.000Z',
  canResetHWID: false,
  canAccessSettings: false,
  licenceKey: 'STLR-AAAAA-BBBBB-CCCCC-DDDDD',
  nextHwidResetAt: null,
};

describe('UserDashboardRoute licences of licence check v2', () => {
  const LICENCE = '00000000-0000-4000-8000-0000000000aa';
  const MACHINE = '00000000-0000-4000-8000-0000000000bb';
  const licence = (extra: Record<string, unknown>) => ({
    _id: LICENCE,
    productId: 'stellar-launcher',
    title: 'Stellar Launcher',
    slug: 'stellar-launcher',
    hwid: null,
    purchasedAt: '2026-01-01T00:00:00.000Z',
    expiresAt: '2099-01-01T00:00:00.000Z',
    canResetHWID: true,
    canAccessSettings: false,
    licenceKey: 'STLL-AAAAA-BBBBB-CCCCC-DDDDD',
    nextHwidResetAt: null,
    maxMachines: 3,
    machines: [],
    revoked: null,
    ...extra,
  });

  it('lists the machines of a multi-machine licence and removes one after confirming', async () => {
    let machines = [
      {
        _id: MACHINE,
        hwid: 'aaaaaaaa…1111',
        firstSeenAt: '2026-02-01T10:00:00.000Z',
        lastSeenAt: '2026-02-03T10:00:00.000Z',
      },
    ];
    const fetchMock = renderDashboard(false, {
      'GET /users/owns': () => Response.json({ ownedProducts: [licence({ machines })] }),
      [`DELETE /licences/${LICENCE}/machines/${MACHINE}`]: () => {
        machines = [];
        return Response.json({ message: 'Machine removed.', nextResetAt: null });
      },
    });
    expect(await screen.findByRole('heading', { name: 'Machines (1 of 3)' })).toBeInTheDocument();
    expect(screen.getByText('aaaaaaaa…1111')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove machine aaaaaaaa…1111' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this machine?' });
    expect(callsTo(fetchMock, `DELETE /licences/${LICENCE}/machines/${MACHINE}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove machine' }));
    expect(await screen.findByRole('heading', { name: 'Machines (0 of 3)' })).toBeInTheDocument();
    expect(callsTo(fetchMock, `DELETE /licences/${LICENCE}/machines/${MACHINE}`)).toHaveLength(1);
  });

  it('shows the server refusal inside the dialog', async () => {
    renderDashboard(false, {
      'GET /users/owns': () =>
        Response.json({
          ownedProducts: [
            licence({
              machines: [
                {
                  _id: MACHINE,
                  hwid: 'aaaaaaaa…1111',
                  firstSeenAt: '2026-02-01T10:00:00.000Z',
                  lastSeenAt: '2026-02-03T10:00:00.000Z',
                },
              ],
            }),
          ],
        }),
      [`DELETE /licences/${LICENCE}/machines/${MACHINE}`]: () =>
        Response.json({ message: 'HWID reset is disabled.' }, { status: 403 }),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove machine aaaaaaaa…1111' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove this machine?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove machine' }));
    expect(await within(dialog).findByText('HWID reset is disabled.')).toBeInTheDocument();
  });

  it('marks a revoked licence, says why, and offers no reset', async () => {
    renderDashboard(false, {
      'GET /users/owns': () =>
        Response.json({
          ownedProducts: [
            licence({
              maxMachines: 1,
              revoked: { at: '2026-03-01T00:00:00.000Z', reason: 'Chargeback' },
            }),
          ],
        }),
    });
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(screen.getByText(/Chargeback/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset HWID' })).toBeNull();
  });
});
