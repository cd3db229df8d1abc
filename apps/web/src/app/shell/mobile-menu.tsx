import type { CurrentUser } from '@stellar/shared';
import { LogIn, LogOut } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { useLogout } from '@/lib/auth';
import { cn } from '@/lib/class-names';
import { AccountIcon } from './account-icon';
import { accountLinks, usePrimaryLinks } from './nav-links';

const itemClasses =
  'flex items-center gap-3 rounded-lg px-3 py-3 text-base font-medium text-fg-muted transition-colors hover:bg-surface-hover hover:text-fg';

interface MobileMenuProps {
  id: string;
  user: CurrentUser | null;
  onNavigate: () => void;
}

/** The menu panel below md: the same links as the desktop bar and user menu. */
export function MobileMenu({ id, user, onNavigate }: MobileMenuProps) {
  const logout = useLogout();
  const links = usePrimaryLinks();
  return (
    <nav
      id={id}
      aria-label="Mobile"
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-line bg-canvas/95 px-4 pt-3 pb-5 backdrop-blur-xl md:hidden"
    >
      <ul className="flex flex-col gap-1">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              onClick={onNavigate}
              className={({ isActive }) => cn(itemClasses, isActive && 'bg-surface-raised text-fg')}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="my-3 h-px bg-line" />
      {user ? (
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
      ) : (
        <Link to="/login" onClick={onNavigate} className={itemClasses}>
          <LogIn aria-hidden="true" className="size-4 shrink-0 text-fg-subtle" />
          Login
        </Link>
      )}
    </nav>
  );
}
