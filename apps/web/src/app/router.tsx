import { RESELL_ROLES, STAFF_ROLES } from '@stellar/shared';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingState } from '@/components/ui/spinner';
import { HomeRoute } from '@/features/home';
import { RouteGuard } from './guards/route-guard';
import { AppShell } from './shell/app-shell';

// No errorElement and no catch-all: React Router's default error screen
// ("Unexpected Application Error!") handles unknown routes and render failures, as the spec shows.
// Home is the landing page, so it ships in the entry chunk; every other screen is its own lazy chunk
// (Monaco, in particular, loads only with /code-editor).
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    // Shown for the moment a lazy page loads on the very first visit.
    HydrateFallback: () => <LoadingState className="min-h-dvh" />,
    children: [
      { index: true, Component: HomeRoute },
      {
        path: 'product/:slug',
        lazy: async () => ({
          Component: (await import('@/features/products/routes/product')).ProductRoute,
        }),
      },
      {
        path: 'register',
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/register')).RegisterRoute,
        }),
      },
      {
        path: 'login',
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/login')).LoginRoute,
        }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/reset-password')).ResetPasswordRoute,
        }),
      },
      {
        path: 'unauthorized',
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/unauthorized')).UnauthorizedRoute,
        }),
      },
      {
        path: 'contact',
        lazy: async () => ({
          Component: (await import('@/features/contact/routes/contact')).ContactRoute,
        }),
      },
      {
        path: 'code-editor',
        lazy: async () => ({
          Component: (await import('@/features/code-editor/routes/code-editor')).CodeEditorRoute,
        }),
      },
      {
        path: 'tos',
        lazy: async () => ({
          Component: (await import('@/features/legal/routes/terms')).TermsRoute,
        }),
      },
      {
        path: 'privacy',
        lazy: async () => ({
          Component: (await import('@/features/legal/routes/privacy')).PrivacyRoute,
        }),
      },
      {
        path: 'refund-policy',
        lazy: async () => ({
          Component: (await import('@/features/legal/routes/refund-policy')).RefundPolicyRoute,
        }),
      },
      {
        path: 'maintenance',
        lazy: async () => ({
          Component: (await import('@/features/maintenance/routes/maintenance')).MaintenanceRoute,
        }),
      },
      {
        // Any signed-in user.
        element: <RouteGuard />,
        children: [
          {
            path: 'user-dashboard',
            lazy: async () => ({
              Component: (await import('@/features/dashboard/routes/user-dashboard'))
                .UserDashboardRoute,
            }),
          },
          {
            path: 'ticket/:ticketId',
            lazy: async () => ({
              Component: (await import('@/features/tickets/routes/ticket')).TicketRoute,
            }),
          },
          {
            path: 'chat',
            lazy: async () => ({
              Component: (await import('@/features/chat/routes/chat')).ChatRoute,
            }),
          },
          {
            path: 'checkout/:slug',
            lazy: async () => ({
              Component: (await import('@/features/products/routes/checkout')).CheckoutRoute,
            }),
          },
          {
            path: 'orders/:orderId',
            lazy: async () => ({
              Component: (await import('@/features/orders/routes/order')).OrderRoute,
            }),
          },
          {
            path: 'change-password',
            lazy: async () => ({
              Component: (await import('@/features/auth/routes/change-password'))
                .ChangePasswordRoute,
            }),
          },
        ],
      },
      {
        element: <RouteGuard roles={RESELL_ROLES} />,
        children: [
          {
            path: 'resell-panel',
            lazy: async () => ({
              Component: (await import('@/features/reseller/routes/resell-panel')).ResellPanelRoute,
            }),
          },
        ],
      },
      {
        // Support opens the panel too and sees only its Tickets section (docs/product.md#decisions).
        element: <RouteGuard roles={STAFF_ROLES} />,
        children: [
          {
            path: 'admin-panel',
            lazy: async () => ({
              Component: (await import('@/features/admin/routes/admin-panel')).AdminPanelRoute,
            }),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
