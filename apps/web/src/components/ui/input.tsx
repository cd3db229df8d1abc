import type { ComponentProps } from 'react';
import { cn } from '@/lib/class-names';

/** Shared look of text inputs, textareas and selects; `aria-invalid` turns the border red. */
export const controlClasses =
  'block w-full rounded-lg border border-line-strong bg-surface px-3.5 text-base text-fg placeholder:text-fg-subtle transition-colors hover:border-accent-text/50 focus-visible:border-accent-text aria-invalid:border-danger disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClasses, 'h-11', className)} {...props} />;
}

export function Textarea({ className, rows = 5, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      rows={rows}
      className={cn(controlClasses, 'min-h-28 resize-y py-2.5 leading-relaxed', className)}
      {...props}
    />
  );
}

/** A native select: keyboard, screen-reader and mobile pickers work without extra code. */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <select className={cn(controlClasses, 'h-11 appearance-auto pr-8', className)} {...props}>
      {children}
    </select>
  );
}
