import { formatDistanceToNow } from 'date-fns';
import { formatTimestamp } from '@/lib/format-timestamp';
import type { ResetCode } from '../api/issue-reset-code';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogActions, DialogClose, DialogContent } from '@/components/ui/dialog';

interface ResetCodeDialogProps {
  username: string;
  resetCode: ResetCode | null;
  onClose: () => void;
}

/** Shows a freshly issued one-time password-reset code, once, with its expiry. */
export function ResetCodeDialog({ username, resetCode, onClose }: ResetCodeDialogProps) {
  const expires = resetCode ? new Date(resetCode.expiresAt) : null;
  return (
    <Dialog open={resetCode !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`Reset code for ${username}`}
        description="Give this one-time code to the user: they enter it on the password reset page. It is shown only once."
      >
        {resetCode && expires && (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line-strong bg-surface px-4 py-3">
              <output
                aria-label="Reset code"
                className="font-mono text-2xl font-semibold tracking-[0.3em] text-fg"
              >
                {resetCode.code}
              </output>
              <CopyButton value={resetCode.code} label="Copy reset code" />
            </div>
            <p className="mt-3 text-sm text-fg-muted">
              Expires {formatTimestamp(expires)} (
              {formatDistanceToNow(expires, { addSuffix: true })}).
            </p>
          </>
        )}
        <DialogActions>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
