import { Home, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** Where visitors land while a page is switched off for maintenance. */
export function MaintenanceRoute() {
  return (
    <section className="relative isolate flex min-h-[calc(100dvh-4rem)] items-center overflow-hidden px-4 py-20 sm:px-6">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/4 left-1/2 -z-10 h-[26rem] w-[40rem] max-w-[140vw] -translate-x-1/2 rounded-full bg-accent/20 blur-[120px]"
      />
      <title>Maintenance · Stellar</title>
      <div className="mx-auto flex max-w-xl flex-col items-center text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-2xl border border-line-strong bg-surface-raised text-accent-text shadow-lg shadow-accent/20">
          <Wrench aria-hidden="true" className="size-8" />
        </span>
        <h1 className="mt-8 text-4xl font-extrabold tracking-tight text-fg sm:text-5xl">
          We&apos;ll Be Right Back!
        </h1>
        <p className="mt-5 text-lg text-pretty text-fg-muted">
          This part of Stellar is down for scheduled maintenance while we make improvements. It will
          be back online shortly.
        </p>
        <p className="mt-3 text-base text-fg-muted">
          Thank you for your patience. Your licences and subscriptions are not affected.
        </p>
        <Link to="/" className={buttonClasses({ size: 'lg', className: 'mt-10' })}>
          <Home aria-hidden="true" className="size-5" />
          Back to Home
        </Link>
      </div>
    </section>
  );
}
