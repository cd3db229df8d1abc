import type { CurrentUser } from '@stellar/shared';
import { ChevronDown, CircleUserRound, LogOut } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLogout } from '@/lib/auth/logout';
import { cn } from '@/lib/class-names';
import { useDismiss } from '@/lib/use-dismiss';
import { AccountIcon } from './account-icon';
import { accountLinks } from './nav-links';

const itemClasses =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-fg-muted transition-colors hover:bg-surface-hover hover:text-fg';

/** The signed-in user's menu button and dropdown (desktop). */
export function UserMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, containerRef, buttonRef);
  const logout = useLogout();

  const onLogout = () => {
    close();
    logout.mutate();
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className={cn(
          'flex h-10 max-w-56 items-center gap-2 rounded-lg border border-line px-3 text-sm font-medium text-fg transition-colors hover:border-line-strong hover:bg-surface-hover',
          open && 'border-line-strong bg-surface-hover',
        )}
      >
        <CircleUserRound aria-hidden="true" className="size-5 shrink-0 text-accent-text" />
        <span className="truncate">{user.username || 'User'}</span>
        <ChevronDown
          aria-hidden="true"
          className={cn(
            'size-4 shrink-0 text-fg-subtle transition-transform',
            open && 'rotate-180',
          )}
        />
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 mt-2 w-60 origin-top-right rounded-xl border border-line bg-surface-raised p-1.5 shadow-2xl shadow-black/50"
        >
          <p className="px-3 pt-2 pb-2 text-xs text-fg-subtle">
            Signed in as <span className="font-semibold text-fg">{user.username || 'User'}</span>
            <span className="mt-0.5 block">{user.role}</span>
          </p>
          <div className="my-1 h-px bg-line" />
          <ul className="flex flex-col gap-0.5">
            {accountLinks(user.role).map((link) => (
              <li key={link.id}>
                <Link to={link.to} onClick={close} className={itemClasses}>
                  <AccountIcon id={link.id} />
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <div className="my-1 h-px bg-line" />
              <button type="button" onClick={onLogout} className={itemClasses}>
                <LogOut aria-hidden="true" className="size-4 shrink-0 text-fg-subtle" />
                Logout
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
