import { Download, KeyRound } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogActions, DialogClose, DialogContent } from '@/components/ui/dialog';
import { downloadTextFile } from '@/lib/download-text-file';

interface BackupCodesDialogProps {
  /** The codes to show; the dialog is open while this is not null. */
  codes: readonly string[] | null;
  onClose: () => void;
}

/** Shows freshly issued backup codes, once: the server keeps only their hashes. */
export function BackupCodesDialog({ codes, onClose }: BackupCodesDialogProps) {
  const list = codes ?? [];
  return (
    <Dialog open={codes !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Your backup codes"
        description="Each code signs you in once if you lose your authenticator app."
        // A stray click outside must not throw the only copy of the codes away.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <Alert tone="warning" title="Store these now">
          They are shown only this once. Keep them somewhere safe, such as a password manager.
        </Alert>
        <ol
          aria-label="Backup codes"
          className="mt-4 grid grid-cols-2 gap-2 rounded-xl border border-line bg-surface p-3 font-mono text-sm text-fg"
        >
          {list.map((code) => (
            <li key={code} className="rounded-md bg-surface-raised px-2 py-1.5 text-center">
              {code}
            </li>
          ))}
        </ol>
        <div className="mt-3 flex flex-wrap gap-2">
          <CopyButton value={list.join('\n')} label="Copy all backup codes" text="Copy all" />
          <Button
            variant="secondary"
            size="sm"
            onClick={() => downloadTextFile('stellar-backup-codes.txt', list)}
          >
            <Download aria-hidden="true" className="size-4" />
            Download .txt
          </Button>
        </div>
        <DialogActions>
          <DialogClose asChild>
            <Button>
              <KeyRound aria-hidden="true" className="size-4" />I have stored them
            </Button>
          </DialogClose>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
