import type { AdminUser } from '@stellar/shared';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useLoginAs } from '../api/login-as';
import { startImpersonation } from './impersonation-storage';
import { reportAdminError } from './report-admin-error';
import type { ReportFeedback } from './user-feedback';

/** The server's answer when it wants the admin's own 2FA code before a login-as. */
function stepUpMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  return error.errors.generatedCode ?? null;
}

/**
 * Login as: asks the server; if it wants the admin's 2FA code, opens the code dialog and retries
 * with it; on success swaps the tokens and reloads on the user's dashboard.
 */
export function useLoginAsFlow(user: AdminUser, onFeedback: ReportFeedback) {
  const loginAs = useLoginAs();
  const [codeDialogOpen, setCodeDialogOpen] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);

  const attempt = (generatedCode?: string) => {
    setCodeError(null);
    loginAs.mutate(
      { userId: user._id, generatedCode },
      {
        onSuccess: ({ token }) => startImpersonation(token),
        onError: (error) => {
          const stepUp = stepUpMessage(error);
          if (stepUp) {
            // The first try without a code is the normal way to learn that one is needed.
            if (generatedCode !== undefined) {
              console.error('Admin action failed: login as (2FA code refused).', error);
              setCodeError(stepUp);
            }
            setCodeDialogOpen(true);
            return;
          }
          setCodeDialogOpen(false);
          onFeedback({ tone: 'error', text: reportAdminError(`login as ${user.username}`, error) });
        },
      },
    );
  };

  return {
    start: () => attempt(),
    submitCode: (code: string) => attempt(code),
    pending: loginAs.isPending || loginAs.isSuccess,
    codeDialog: {
      open: codeDialogOpen,
      error: codeError,
      onOpenChange: (open: boolean) => {
        setCodeDialogOpen(open);
        if (!open) setCodeError(null);
      },
    },
  };
}
