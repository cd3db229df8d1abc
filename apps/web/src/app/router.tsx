import { RESELL_ROLES, STAFF_ROLES } from '@stellar/shared';
import { matchRoutes, type RouteObject } from 'react-router';
import { HomeRoute } from '@/features/home';
import { RouteGuard } from './guards/route-guard';
import { lazyRoute, type LazyRoute } from './routing/lazy-route';
import { NotFoundScreen } from './routing/router-error';
import { AppShell } from './shell/app-shell';

// Declarative routes (useRoutes), not the data router: docs/benchmarks.md, "Declarative routing".
// Unknown routes and render failures show the screen React Router's data router shows by default
// ("Unexpected Application Error!"), as the spec shows: the catch-all route below and AppRoutes'
// boundary render it (routing/router-error.tsx).
// Home is the landing page, so it ships in the entry chunk; every other screen is its own lazy chunk
// (Monaco, in particular, loads only with /code-editor), behind the shell's Suspense.
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    children: [
      { index: true, Component: HomeRoute },
      {
        path: 'product/:slug',
        Component: lazyRoute(
          async () => (await import('@/features/products/routes/product')).ProductRoute,
        ),
      },
      {
        path: 'register',
        Component: lazyRoute(
          async () => (await import('@/features/auth/routes/register')).RegisterRoute,
        ),
      },
      {
        path: 'login',
        Component: lazyRoute(async () => (await import('@/features/auth/routes/login')).LoginRoute),
      },
      {
        path: 'reset-password',
        Component: lazyRoute(
          async () => (await import('@/features/auth/routes/reset-password')).ResetPasswordRoute,
        ),
      },
      {
        path: 'unauthorized',
        Component: lazyRoute(
          async () => (await import('@/features/auth/routes/unauthorized')).UnauthorizedRoute,
        ),
      },
      {
        path: 'contact',
        Component: lazyRoute(
          async () => (await import('@/features/contact/routes/contact')).ContactRoute,
        ),
      },
      {
        path: 'code-editor',
        Component: lazyRoute(
          async () => (await import('@/features/code-editor/routes/code-editor')).CodeEditorRoute,
        ),
      },
      {
        path: 'tos',
        Component: lazyRoute(
          async () => (await import('@/features/legal/routes/terms')).TermsRoute,
        ),
      },
      {
        path: 'privacy',
        Component: lazyRoute(
          async () => (await import('@/features/legal/routes/privacy')).PrivacyRoute,
        ),
      },
      {
        path: 'refund-policy',
        Component: lazyRoute(
          async () => (await import('@/features/legal/routes/refund-policy')).RefundPolicyRoute,
        ),
      },
      {
        path: 'maintenance',
        Component: lazyRoute(
          async () => (await import('@/features/maintenance/routes/maintenance')).MaintenanceRoute,
        ),
      },
      {
        // Any signed-in user.
        element: <RouteGuard />,
        children: [
          {
            path: 'user-dashboard',
            Component: lazyRoute(
              async () =>
                (await import('@/features/dashboard/routes/user-dashboard')).UserDashboardRoute,
            ),
          },
          {
            path: 'ticket/:ticketId',
            Component: lazyRoute(
              async () => (await import('@/features/tickets/routes/ticket')).TicketRoute,
            ),
          },
          {
            path: 'chat',
            Component: lazyRoute(
              async () => (await import('@/features/chat/routes/chat')).ChatRoute,
            ),
          },
          {
            path: 'checkout/:slug',
            Component: lazyRoute(
              async () => (await import('@/features/products/routes/checkout')).CheckoutRoute,
            ),
          },
          {
            path: 'orders/:orderId',
            Component: lazyRoute(
              async () => (await import('@/features/orders/routes/order')).OrderRoute,
            ),
          },
          {
            path: 'change-password',
            Component: lazyRoute(
              async () =>
                (await import('@/features/auth/routes/change-password')).ChangePasswordRoute,
            ),
          },
        ],
      },
      {
        element: <RouteGuard roles={RESELL_ROLES} />,
        children: [
          {
            path: 'resell-panel',
            Component: lazyRoute(
              async () =>
                (await import('@/features/reseller/routes/resell-panel')).ResellPanelRoute,
            ),
          },
        ],
      },
      {
        // Support opens the panel too and sees only its Tickets section (docs/product.md#decisions).
        element: <RouteGuard roles={STAFF_ROLES} />,
        children: [
          {
            path: 'admin-panel',
            Component: lazyRoute(
              async () => (await import('@/features/admin/routes/admin-panel')).AdminPanelRoute,
            ),
          },
        ],
      },
    ],
  },
  { path: '*', Component: NotFoundScreen },
];

/**
 * Loads the lazy screen that `pathname` shows, if it has one (null when there is nothing to load):
 * main.tsx waits for it before hydrating a server-rendered page.
 */
export function preloadRoute(pathname: string): Promise<void> | null {
  const lazy = (matchRoutes(routes, pathname) ?? [])
    .map(({ route }) => route.Component as Partial<LazyRoute> | null | undefined)
    .filter((component) => typeof component?.preload === 'function');
  return lazy.length
    ? Promise.all(lazy.map((component) => component!.preload!())).then(() => {})
    : null;
}
