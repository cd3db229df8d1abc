import { LogIn, Menu, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/class-names';
import { useDismiss } from '@/lib/use-dismiss';
import { BrandMark } from './brand-mark';
import { loadSignedInMenus } from './load-signed-in-menus';
import { MobileMenu } from './mobile-menu';
import { usePrimaryLinks } from './nav-links';

// Signed-in only (with the logout mutation): not part of an anonymous visit's JavaScript.
const UserMenu = lazy(() => loadSignedInMenus().then((menus) => ({ default: menus.UserMenu })));

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-surface-raised text-fg' : 'text-fg-muted hover:bg-surface-hover hover:text-fg',
  );

/** The fixed top bar: brand, product and support links, and the account area. */
export function TopBar() {
  const { user, isLoading } = useCurrentUser();
  const links = usePrimaryLinks();
  const [mobileOpen, setMobileOpen] = useState(false);
  const mobileMenuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMobile = useCallback(() => setMobileOpen(false), []);
  useDismiss(mobileOpen, closeMobile, headerRef, toggleRef);
  const signedIn = user !== null || isLoading;
  // Fetched alongside the current user, so the menu is ready when the user is.
  useEffect(() => {
    if (signedIn) void loadSignedInMenus();
  }, [signedIn]);

  const accountPlaceholder = (
    <div aria-hidden="true" className="h-10 w-28 animate-pulse rounded-lg bg-surface-raised" />
  );

  return (
    <header
      ref={headerRef}
      className="fixed inset-x-0 top-0 z-50 border-b border-line/80 bg-canvas/80 backdrop-blur-xl"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          onClick={closeMobile}
          className="flex items-center gap-2 text-lg font-bold tracking-tight text-fg"
        >
          <BrandMark className="size-7" />
          Stellar
        </Link>

        <nav aria-label="Main" className="ml-4 hidden md:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={navLinkClasses}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto hidden items-center md:flex">
          {user ? (
            <Suspense fallback={accountPlaceholder}>
              <UserMenu user={user} />
            </Suspense>
          ) : isLoading ? (
            accountPlaceholder
          ) : (
            <Link to="/login" className={buttonClasses({ variant: 'secondary', size: 'md' })}>
              <LogIn aria-hidden="true" className="size-4" />
              Login
            </Link>
          )}
        </div>

        <button
          ref={toggleRef}
          type="button"
          aria-expanded={mobileOpen}
          aria-controls={mobileMenuId}
          aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMobileOpen((open) => !open)}
          className="ml-auto inline-flex size-10 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-hover hover:text-fg md:hidden"
        >
          {mobileOpen ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
        </button>
      </div>
      {mobileOpen && <MobileMenu id={mobileMenuId} user={user} onNavigate={closeMobile} />}
    </header>
  );
}
