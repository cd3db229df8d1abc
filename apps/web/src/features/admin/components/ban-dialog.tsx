import type { AdminUser } from '@stellar/shared';
import { useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { useBanUser } from '../api/ban-user';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { reportAdminError } from './report-admin-error';
import type { ReportFeedback } from './user-feedback';

interface BanDialogProps {
  user: AdminUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onFeedback: ReportFeedback;
}

/** Ban with an optional reason: sign-in refused, sessions revoked, listed under Banned. */
export function BanDialog({ user, open, onOpenChange, onFeedback }: BanDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ban = useBanUser();

  // mutateAsync: the banned user leaves the list, unmounting this dialog before mutate's callbacks.
  const confirm = async () => {
    setError(null);
    try {
      await ban.mutateAsync({ userId: user._id, reason });
    } catch (failure) {
      setError(reportAdminError(`ban ${user.username}`, failure));
      return;
    }
    onOpenChange(false);
    onFeedback({ tone: 'success', text: `${user.username} has been banned.` });
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Ban ${user.username}?`}
      description="They are signed out everywhere and cannot sign in until unbanned."
      confirmLabel="Ban"
      onConfirm={confirm}
      pending={ban.isPending}
      error={error}
    >
      <FormField label="Reason (optional)">
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </FormField>
    </ConfirmDialog>
  );
}
