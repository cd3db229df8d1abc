import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';
import { Dialog, DialogActions, DialogClose, DialogContent } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /** The failure of the last attempt, shown inside the dialog. */
  error?: string | null;
  /** Extra fields between the text and the buttons (e.g. a ban reason). */
  children?: ReactNode;
  destructive?: boolean;
}

/** "Are you sure?" for actions that cannot be taken back; opening focuses the first field, else Cancel. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending = false,
  error,
  children,
  destructive = true,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} hideClose>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          {error && (
            <Alert tone="error" className="mb-4">
              {error}
            </Alert>
          )}
          {children}
          <DialogActions>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button
              type="submit"
              disabled={pending}
              className={destructive ? 'bg-red-700 shadow-red-900/30 hover:bg-red-800' : undefined}
            >
              {pending && <Spinner className="size-4 text-accent-fg" />}
              {confirmLabel}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
