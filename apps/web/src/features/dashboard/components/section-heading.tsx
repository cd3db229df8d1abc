import type { ReactNode } from 'react';

/** A section title with an optional count beside it. */
export function SectionHeading({
  id,
  count,
  children,
}: {
  id: string;
  count?: number | undefined;
  children: ReactNode;
}) {
  return (
    <div className="mb-4 flex items-baseline gap-2">
      <h2 id={id} className="text-xl font-bold text-fg">
        {children}
      </h2>
      {count !== undefined && count > 0 && (
        <span className="rounded-full bg-surface-raised px-2 py-0.5 text-xs font-semibold text-fg-muted">
          {count}
        </span>
      )}
    </div>
  );
}
