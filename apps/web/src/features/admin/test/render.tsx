import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AdminUser, CurrentUser, Role } from '@stellar/shared';

/** Renders `ui` inside a fresh query client and a memory router at `path`. */
export function renderWithProviders(ui: ReactNode, path = '/admin-panel') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}

export function currentUser(role: Role, overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    _id: `id-${role.toLowerCase()}`,
    username: role.toLowerCase(),
    role,
    twoFactorEnabled: false,
    balance: 0,
    mustChangePassword: false,
    impersonatedBy: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    username: 'alice',
    role: 'Member',
    twoFactorEnabled: false,
    balance: 0,
    banned: false,
    banReason: null,
    bannedAt: null,
    mustChangePassword: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A fetch stub answering by "METHOD path" (path without /api and without the query string). */
export function fetchRoutes(routes: Record<string, (url: URL, init?: RequestInit) => Response>) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`;
    const handler = routes[key];
    return handler
      ? handler(url, init)
      : Response.json({ message: `No stub for ${key}` }, { status: 404 });
  };
}
