import { ShieldCheck, ShieldPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import { BackupCodesDialog } from './backup-codes-dialog';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog';

/**
 * The dashboard's "Enable 2FA" button: it opens the setup dialog (password first, then QR and
 * secret), and once 2FA is on it is disabled
 * and reads "2FA Verified". After verification the backup codes are shown once.
 */
export function TwoFactorControl({ enabled }: { enabled: boolean }) {
  const setup = useSetupTwoFactor();
  const [open, setOpen] = useState(false);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);

  // The dialog asks for the password first; each setup then makes a new secret.
  const start = () => {
    setup.reset();
    setOpen(true);
  };

  return (
    <>
      {enabled ? (
        <Button variant="secondary" disabled>
          <ShieldCheck aria-hidden="true" className="size-4 text-success" />
          2FA Verified
        </Button>
      ) : (
        <Button onClick={start}>
          <ShieldPlus aria-hidden="true" className="size-4" />
          Enable 2FA
        </Button>
      )}
      <TwoFactorSetupDialog
        open={open && !enabled}
        onOpenChange={setOpen}
        setup={{
          data: setup.data,
          error: setup.error,
          isPending: setup.isPending,
          begin: (password) => setup.mutate(password),
        }}
        onVerified={(codes) => {
          setOpen(false);
          setBackupCodes(codes);
        }}
      />
      <BackupCodesDialog codes={backupCodes} onClose={() => setBackupCodes(null)} />
    </>
  );
}
