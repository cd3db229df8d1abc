import type { CurrentUser } from '@stellar/shared';
import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { useLogout } from '@/lib/auth/logout';
import { cn } from '@/lib/class-names';
import { AccountIcon } from './account-icon';
import { mobileItemClasses as itemClasses } from './mobile-item-classes';
import { accountLinks } from './nav-links';

/** The mobile menu's signed-in part: who is signed in, the account links and Logout. */
export function MobileAccountLinks({
  user,
  onNavigate,
}: {
  user: CurrentUser;
  onNavigate: () => void;
}) {
  const logout = useLogout();
  return (
    <ul className="flex flex-col gap-1">
      <li className="px-3 pb-1 text-sm text-fg-subtle">
        Signed in as <span className="font-semibold text-fg">{user.username || 'User'}</span>
      </li>
      {accountLinks(user.role).map((link) => (
        <li key={link.id}>
          <Link to={link.to} onClick={onNavigate} className={itemClasses}>
            <AccountIcon id={link.id} />
            {link.label}
          </Link>
        </li>
      ))}
      <li>
        <button
          type="button"
          className={cn(itemClasses, 'w-full text-left')}
          onClick={() => {
            onNavigate();
            logout.mutate();
          }}
        >
          <LogOut aria-hidden="true" className="size-4 shrink-0 text-fg-subtle" />
          Logout
        </button>
      </li>
    </ul>
  );
}
