import { MAINTENANCE_PAGES, TOKEN_STORAGE_KEY, type CurrentUser } from '@stellar/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { landing, renderRoutes } from '@/test/render-routes';
import { MaintenanceGate, STAFF_MAINTENANCE_NOTICE } from './maintenance-gate';

afterEach(() => vi.unstubAllGlobals());

const statusWith = (page: string) =>
  Object.fromEntries(MAINTENANCE_PAGES.map((name) => [name, name === page]));

const member = (role: CurrentUser['role']): CurrentUser => ({
  _id: 'u1',
  username: 'alice',
  role,
  twoFactorEnabled: false,
  balance: 0,
  mustChangePassword: false,
  impersonatedBy: null,
  createdAt: '2025-01-01T00:00:00.000Z',
});

function renderGate(path: string) {
  return renderRoutes(
    [
      {
        element: (
          <MaintenanceGate>
            <p>the page itself</p>
          </MaintenanceGate>
        ),
        children: [{ path: '*', element: null }],
      },
      landing('/maintenance'),
    ],
    [path],
  );
}

describe('MaintenanceGate', () => {
  it('sends a visitor of a page under maintenance to /maintenance', async () => {
    mockApi({ 'GET /maintenance/status': () => Response.json(statusWith('clothing-bot')) });
    renderGate('/product/clothing-bot');
    expect(await screen.findByText('landed on /maintenance')).toBeInTheDocument();
  });

  it('sends a signed-in Member there too', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    mockApi({
      'GET /maintenance/status': () => Response.json(statusWith('contact')),
      'GET /users/user': () => Response.json(member('Member')),
    });
    renderGate('/contact');
    expect(await screen.findByText('landed on /maintenance')).toBeInTheDocument();
  });

  it('shows staff the page under a banner instead', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    mockApi({
      'GET /maintenance/status': () => Response.json(statusWith('chat')),
      'GET /users/user': () => Response.json(member('Support')),
    });
    renderGate('/chat');
    expect(await screen.findByText(STAFF_MAINTENANCE_NOTICE)).toBeInTheDocument();
    expect(screen.getByText('the page itself')).toBeInTheDocument();
  });

  it('shows pages whose switch is off, and pages without a switch', async () => {
    mockApi({ 'GET /maintenance/status': () => Response.json(statusWith('chat')) });
    renderGate('/product/clothing-bot');
    expect(await screen.findByText('the page itself')).toBeInTheDocument();
  });

  it('leaves the page open when the status cannot be read', async () => {
    mockApi({ 'GET /maintenance/status': () => new Response('', { status: 500 }) });
    renderGate('/contact');
    expect(await screen.findByText('the page itself')).toBeInTheDocument();
  });
});
