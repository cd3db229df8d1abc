import type { AdminUser } from '@stellar/shared';
import {
  Ban,
  EllipsisVertical,
  KeyRound,
  LogIn,
  ShieldOff,
  Trash2,
  UserRoundCheck,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export type UserAction = 'ban' | 'unban' | 'remove' | 'login-as' | 'reset-2fa' | 'reset-code';

interface UserActionsMenuProps {
  user: AdminUser;
  /** Login as is refused from a borrowed session, so it is hidden there. */
  canLoginAs: boolean;
  onAction: (action: UserAction) => void;
}

/** The user card's menu: Ban or Unban, Login, Reset 2FA, Issue reset code, Remove. */
export function UserActionsMenu({ user, canLoginAs, onAction }: UserActionsMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Actions for ${user.username}`}
          className="px-2"
        >
          <EllipsisVertical aria-hidden="true" className="size-5" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {user.banned ? (
          <DropdownMenuItem onSelect={() => onAction('unban')}>
            <UserRoundCheck aria-hidden="true" className="size-4" />
            Unban
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => onAction('ban')}>
            <Ban aria-hidden="true" className="size-4" />
            Ban
          </DropdownMenuItem>
        )}
        {canLoginAs && !user.banned && (
          <DropdownMenuItem onSelect={() => onAction('login-as')}>
            <LogIn aria-hidden="true" className="size-4" />
            Login
          </DropdownMenuItem>
        )}
        {user.twoFactorEnabled && (
          <DropdownMenuItem onSelect={() => onAction('reset-2fa')}>
            <ShieldOff aria-hidden="true" className="size-4" />
            Reset 2FA
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => onAction('reset-code')}>
          <KeyRound aria-hidden="true" className="size-4" />
          Issue reset code
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem danger onSelect={() => onAction('remove')}>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
