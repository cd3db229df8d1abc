import type { CurrentUser } from '@stellar/shared';
import { LogIn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { cn } from '@/lib/class-names';
import { mobileItemClasses as itemClasses } from './mobile-item-classes';
import { usePrimaryLinks } from './nav-links';
import { loadSignedInMenus } from './load-signed-in-menus';

// Signed-in only (with the logout mutation): not part of an anonymous visit's JavaScript.
const MobileAccountLinks = lazy(() =>
  loadSignedInMenus().then((menus) => ({ default: menus.MobileAccountLinks })),
);

interface MobileMenuProps {
  id: string;
  user: CurrentUser | null;
  onNavigate: () => void;
}

/** The menu panel below md: the same links as the desktop bar and user menu. */
export function MobileMenu({ id, user, onNavigate }: MobileMenuProps) {
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
        <Suspense fallback={null}>
          <MobileAccountLinks user={user} onNavigate={onNavigate} />
        </Suspense>
      ) : (
        <Link to="/login" onClick={onNavigate} className={itemClasses}>
          <LogIn aria-hidden="true" className="size-4 shrink-0 text-fg-subtle" />
          Login
        </Link>
      )}
    </nav>
  );
}
