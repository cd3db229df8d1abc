import { LayoutDashboard, ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** Where the route guard sends a signed-in user whose role may not open a page. */
export function UnauthorizedRoute() {
  return (
    <section className="mx-auto flex min-h-[calc(100dvh-4rem)] max-w-xl flex-col items-center justify-center px-4 py-20 text-center sm:px-6">
      <title>Unauthorized · Stellar</title>
      <span className="inline-flex size-16 items-center justify-center rounded-2xl border border-danger/40 bg-danger-bg text-danger">
        <ShieldX aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-8 text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">
        You don&apos;t have access to this page
      </h1>
      <p className="mt-4 text-lg text-pretty text-fg-muted">
        Your account&apos;s role is not allowed to open it. If you think this is a mistake, contact
        Stellar support.
      </p>
      <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to="/" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          Back to Home
        </Link>
        <Link to="/user-dashboard" className={buttonClasses({ size: 'lg' })}>
          <LayoutDashboard aria-hidden="true" className="size-5" />
          Go to Dashboard
        </Link>
      </div>
    </section>
  );
}
