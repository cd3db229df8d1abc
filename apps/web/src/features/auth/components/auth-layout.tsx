import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every account form sits in. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <div className="relative isolate flex min-h-[calc(100dvh-4rem)] items-start justify-center overflow-hidden px-4 py-12 sm:items-center sm:py-16">
      <title>{`${title} · Stellar`}</title>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-0 left-1/2 -z-10 h-[24rem] w-[40rem] max-w-[140vw] -translate-x-1/2 rounded-full bg-accent/15 blur-[120px]"
      />
      <div className="w-full max-w-md">
        <Card className="p-6 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
          {description && <div className="mt-2 text-sm text-fg-muted">{description}</div>}
          <div className="mt-7">{children}</div>
        </Card>
        {footer && <div className="mt-6 text-center text-sm text-fg-muted">{footer}</div>}
      </div>
    </div>
  );
}

/** Link styling inside account forms and their footers. */
export const authLinkClasses =
  'font-semibold text-accent-text underline-offset-4 transition-colors hover:text-fg hover:underline';
