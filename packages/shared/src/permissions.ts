import type { Role } from './constants';

const BELOW_ADMIN: readonly Role[] = ['Member', 'Support', 'Reseller'];

/**
 * docs/product.md#roles-and-permissions: whether `actor` may change the role of, ban, remove, reset or log in as a user
 * holding `target`. Admins manage users below Admin; Owners manage anyone but another Owner.
 * (Self-actions are refused separately, by id.)
 */
export function canManageRole(actor: Role, target: Role): boolean {
  if (actor === 'Owner') return target !== 'Owner';
  if (actor === 'Admin') return BELOW_ADMIN.includes(target);
  return false;
}

/** Whether `actor` may give a user the role `role` (Admin and Owner only by an Owner). */
export function canAssignRole(actor: Role, role: Role): boolean {
  if (role === 'Admin' || role === 'Owner') return actor === 'Owner';
  return actor === 'Admin' || actor === 'Owner';
}

/** Case-insensitive role check, as the shell compares roles. */
export const hasRole = (role: string | undefined, roles: readonly string[]): boolean =>
  !!role && roles.some((r) => r.toLowerCase() === role.toLowerCase());
