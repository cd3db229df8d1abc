import { LoadingState } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/auth';
import { AdminPanel } from '../components/admin-panel';

/**
 * /admin-panel (guarded for Admin, Owner and Support by the router). Staff run the shop from here;
 * Support gets the Tickets section only.
 */
export function AdminPanelRoute() {
  const { user } = useCurrentUser();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <title>Admin Panel · Stellar</title>
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-fg sm:text-3xl">Admin Panel</h1>
        {user && (
          <p className="mt-1 text-sm text-fg-muted">
            Signed in as <span className="font-medium text-fg">{user.username}</span> ({user.role})
          </p>
        )}
      </header>
      {user ? <AdminPanel user={user} /> : <LoadingState label="Loading..." />}
    </div>
  );
}

/** React Router's lazy route convention. */
export { AdminPanelRoute as Component };
