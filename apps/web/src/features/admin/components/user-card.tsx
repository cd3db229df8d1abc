import { canManageRole, type AdminUser, type Role } from '@stellar/shared';
import { format } from 'date-fns';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useIssueResetCode, type ResetCode } from '../api/issue-reset-code';
import { useRemoveUser } from '../api/remove-user';
import { useResetUserTwoFactor } from '../api/reset-user-two-factor';
import { useUnbanUser } from '../api/unban-user';
import { useUpdateUserRole } from '../api/update-user-role';
import { BanDialog } from './ban-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoginAsCodeDialog } from './login-as-code-dialog';
import { reportAdminError } from './report-admin-error';
import { ResetCodeDialog } from './reset-code-dialog';
import { RoleSelect } from './role-select';
import { useLoginAsFlow } from './use-login-as';
import { UserActionsMenu, type UserAction } from './user-actions-menu';
import type { ReportFeedback } from './user-feedback';

export interface Actor {
  _id: string;
  role: Role;
  impersonatedBy: string | null;
}

interface UserCardProps {
  user: AdminUser;
  actor: Actor;
  onFeedback: ReportFeedback;
}

/** One account: name, role, badges, the role dropdown and the actions menu (when allowed). */
export function UserCard({ user, actor, onFeedback }: UserCardProps) {
  const [dialog, setDialog] = useState<'ban' | 'remove' | 'reset-2fa' | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [resetCode, setResetCode] = useState<ResetCode | null>(null);
  const updateRole = useUpdateUserRole();
  const unban = useUnbanUser();
  const remove = useRemoveUser();
  const resetTwoFactor = useResetUserTwoFactor();
  const issueResetCode = useIssueResetCode();
  const loginAs = useLoginAsFlow(user, onFeedback);

  const isSelf = user._id === actor._id;
  const manageable = !isSelf && canManageRole(actor.role, user.role);
  const fail = (action: string) => (error: unknown) =>
    onFeedback({ tone: 'error', text: reportAdminError(`${action} ${user.username}`, error) });
  const failInDialog = (action: string) => (error: unknown) =>
    setDialogError(reportAdminError(`${action} ${user.username}`, error));
  const openDialog = (next: typeof dialog) => {
    setDialogError(null);
    setDialog(next);
  };

  // mutateAsync, not mutate's callbacks: the card may leave the list (and unmount) before they run.
  const run = async (action: string, task: () => Promise<string>, onError = fail(action)) => {
    try {
      onFeedback({ tone: 'success', text: await task() });
      return true;
    } catch (error) {
      onError(error);
      return false;
    }
  };

  const onAction = async (action: UserAction) => {
    if (action === 'ban' || action === 'remove' || action === 'reset-2fa')
      return openDialog(action);
    if (action === 'login-as') return loginAs.start();
    if (action === 'unban') {
      await run('unban', async () => {
        await unban.mutateAsync(user._id);
        return `${user.username} has been unbanned.`;
      });
      return;
    }
    try {
      setResetCode(await issueResetCode.mutateAsync(user._id));
    } catch (error) {
      fail('issue a reset code for')(error);
    }
  };

  const changeRole = (role: Role) =>
    run('change the role of', async () => {
      const updated = await updateRole.mutateAsync({ userId: user._id, role });
      return `${updated.username} is now ${updated.role}.`;
    });

  const confirmRemove = async () => {
    const done = await run(
      'remove',
      async () => {
        await remove.mutateAsync(user._id);
        return `${user.username} has been removed.`;
      },
      failInDialog('remove'),
    );
    if (done) setDialog(null);
  };

  const confirmResetTwoFactor = async () => {
    const done = await run(
      'reset 2FA for',
      async () => (await resetTwoFactor.mutateAsync(user._id)).message,
      failInDialog('reset 2FA for'),
    );
    if (done) setDialog(null);
  };

  const busy =
    updateRole.isPending || unban.isPending || issueResetCode.isPending || loginAs.pending;

  return (
    <Card className="flex h-full flex-col gap-3 p-4" aria-busy={busy || undefined}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-fg">{user.username}</h3>
          <p className="text-xs text-fg-subtle">
            Joined {format(new Date(user.createdAt), 'yyyy-MM-dd')}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {busy && <Spinner className="size-4" label="Working..." />}
          {manageable && (
            <UserActionsMenu user={user} canLoginAs={!actor.impersonatedBy} onAction={onAction} />
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-1.5">
        <Badge tone="accent">{user.role}</Badge>
        {isSelf && <Badge>You</Badge>}
        {user.twoFactorEnabled && <Badge tone="success">2FA</Badge>}
        {user.banned && <Badge tone="danger">Banned</Badge>}
        {user.mustChangePassword && <Badge tone="warning">Must change password</Badge>}
      </div>
      {user.banned && user.banReason && (
        <p className="text-sm break-words text-fg-muted">Ban reason: {user.banReason}</p>
      )}
      {manageable && (
        <div className="mt-auto pt-1">
          <RoleSelect
            actorRole={actor.role}
            username={user.username}
            value={user.role}
            onChange={changeRole}
            disabled={updateRole.isPending}
          />
        </div>
      )}

      <BanDialog
        user={user}
        open={dialog === 'ban'}
        onOpenChange={(open) => !open && setDialog(null)}
        onFeedback={onFeedback}
      />
      <ConfirmDialog
        open={dialog === 'remove'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={`Remove ${user.username}?`}
        description="This deletes the account for good. Use Ban to only block it."
        confirmLabel="Remove"
        pending={remove.isPending}
        error={dialogError}
        onConfirm={confirmRemove}
      />
      <ConfirmDialog
        open={dialog === 'reset-2fa'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={`Reset 2FA for ${user.username}?`}
        description="Their two-factor authentication is turned off; they can set it up again from the dashboard."
        confirmLabel="Reset 2FA"
        pending={resetTwoFactor.isPending}
        error={dialogError}
        onConfirm={confirmResetTwoFactor}
      />
      <LoginAsCodeDialog
        username={user.username}
        {...loginAs.codeDialog}
        onSubmit={loginAs.submitCode}
        pending={loginAs.pending}
      />
      <ResetCodeDialog
        username={user.username}
        resetCode={resetCode}
        onClose={() => setResetCode(null)}
      />
    </Card>
  );
}
