import { ADMIN_ROLES, RESELL_ROLES, STAFF_ROLES } from '@stellar/shared';

// The spec compares roles case-insensitively (it has seen both "Support" and "support").
export function hasAnyRole(role: string | null | undefined, allowed: readonly string[]): boolean {
  if (!role) return false;
  const wanted = role.toLowerCase();
  return allowed.some((candidate) => candidate.toLowerCase() === wanted);
}

/** Admin Panel link: Admin, Owner and Support (Support sees only the tickets section). */
export const canSeeAdminPanel = (role: string | null | undefined): boolean =>
  hasAnyRole(role, STAFF_ROLES);
/** Admin and Owner. */
export const isAdmin = (role: string | null | undefined): boolean => hasAnyRole(role, ADMIN_ROLES);
/** Resell Panel link: Reseller, Admin and Owner. */
export const canSeeResellPanel = (role: string | null | undefined): boolean =>
  hasAnyRole(role, RESELL_ROLES);
/** Support, Admin and Owner: they see maintenance banners instead of the maintenance page. */
export const isStaff = (role: string | null | undefined): boolean => hasAnyRole(role, STAFF_ROLES);
