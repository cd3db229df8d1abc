import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/class-names';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Hides the corner close button (a dialog that must be acknowledged with its own button). */
  hideClose?: boolean;
  onOpenAutoFocus?: (event: Event) => void;
  onInteractOutside?: (event: Event) => void;
}

/**
 * A modal dialog (Radix): focus is trapped inside, Escape and the close button dismiss it, and
 * focus returns to the control that opened it.
 */
export function DialogContent({
  title,
  description,
  children,
  className,
  hideClose = false,
  onOpenAutoFocus,
  onInteractOutside,
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
      <DialogPrimitive.Content
        onOpenAutoFocus={onOpenAutoFocus}
        onInteractOutside={onInteractOutside}
        // Without a description Radix wants the attribute explicitly absent.
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface-raised p-5 shadow-2xl shadow-black/60 sm:p-6',
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4">
          <DialogPrimitive.Title className="text-lg font-semibold text-fg">
            {title}
          </DialogPrimitive.Title>
          {!hideClose && (
            <DialogPrimitive.Close
              aria-label="Close"
              className="-mt-1 -mr-2 rounded-md p-2 text-fg-subtle transition-colors hover:bg-surface-hover hover:text-fg"
            >
              <X aria-hidden="true" className="size-4" />
            </DialogPrimitive.Close>
          )}
        </div>
        {description && (
          <DialogPrimitive.Description className="mt-1 text-sm text-fg-muted">
            {description}
          </DialogPrimitive.Description>
        )}
        <div className="mt-5">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The button row at the bottom of a dialog: stacked on phones, right-aligned otherwise. */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>
  );
}
