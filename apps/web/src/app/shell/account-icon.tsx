import { KeyRound, LayoutDashboard, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { AccountLinkId } from './nav-links';

const icons: Record<AccountLinkId, LucideIcon> = {
  dashboard: LayoutDashboard,
  admin: ShieldCheck,
  resell: KeyRound,
};

export function AccountIcon({ id }: { id: AccountLinkId }) {
  const Icon = icons[id];
  return <Icon aria-hidden="true" className="size-4 shrink-0 text-fg-subtle" />;
}
