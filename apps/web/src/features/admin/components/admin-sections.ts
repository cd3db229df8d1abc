import type { Role } from '@stellar/shared';
import { hasAnyRole } from '@/lib/roles';

export const ADMIN_SECTIONS = [
  { id: 'overview', label: 'Overview' },
  { id: 'users', label: 'Users' },
  { id: 'resellers', label: 'Resellers & Product Access' },
  { id: 'orders', label: 'Orders' },
  { id: 'coupons', label: 'Coupons' },
  { id: 'licensing', label: 'Licensing' },
  { id: 'tickets', label: 'Tickets' },
  { id: 'maintenance', label: 'Maintenance Settings' },
  { id: 'settings', label: 'Global Product Settings' },
  { id: 'integrations', label: 'API keys & Webhooks' },
  { id: 'audit', label: 'Audit Log' },
] as const;
export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** docs/product.md#roles-and-permissions: Admin and Owner see every section, Support only Tickets, anyone else none. */
export function sectionsFor(role: Role | string | null | undefined): AdminSection[] {
  if (hasAnyRole(role, ['Admin', 'Owner'])) return [...ADMIN_SECTIONS];
  if (hasAnyRole(role, ['Support'])) return ADMIN_SECTIONS.filter((s) => s.id === 'tickets');
  return [];
}
