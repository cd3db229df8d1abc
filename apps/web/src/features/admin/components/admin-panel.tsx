import * as Tabs from '@radix-ui/react-tabs';
import type { CurrentUser } from '@stellar/shared';
import {
  Cable,
  ReceiptText,
  TicketPercent,
  Gauge,
  KeyRound,
  LifeBuoy,
  ScrollText,
  SlidersHorizontal,
  Store,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { IntegrationsSection } from '@/features/integrations';
import { sectionsFor, type AdminSectionId } from './admin-sections';
import { AuditSection } from './audit-section';
import { CouponsSection } from './coupons-section';
import { GlobalSettingsSection } from './global-settings-section';
import { LicensingSection } from './licensing-section';
import { MaintenanceSection } from './maintenance-section';
import { OrdersSection } from './orders-section';
import { OverviewSection } from './overview-section';
import { ResellersSection } from './resellers-section';
import { TicketsSection } from './tickets-section';
import type { Actor } from './user-card';
import { UsersSection } from './users-section';

const ICONS: Record<AdminSectionId, LucideIcon> = {
  overview: Gauge,
  users: Users,
  resellers: Store,
  orders: ReceiptText,
  coupons: TicketPercent,
  licensing: KeyRound,
  tickets: LifeBuoy,
  maintenance: Wrench,
  settings: SlidersHorizontal,
  integrations: Cable,
  audit: ScrollText,
};

const CONTENT: Record<AdminSectionId, ComponentType<{ actor: Actor }>> = {
  overview: OverviewSection,
  users: UsersSection,
  resellers: ResellersSection,
  orders: OrdersSection,
  coupons: CouponsSection,
  licensing: LicensingSection,
  tickets: TicketsSection,
  maintenance: MaintenanceSection,
  settings: GlobalSettingsSection,
  integrations: () => <IntegrationsSection staff />,
  audit: AuditSection,
};

const tabClasses =
  'flex h-10 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-fg-muted transition-colors hover:bg-surface-hover hover:text-fg data-[state=active]:bg-accent data-[state=active]:text-accent-fg';

/**
 * The admin panel: a tab per section, the open one kept in ?section= so a reload or a shared link
 * lands on it. Support sees only Tickets (docs/product.md#decisions).
 */
export function AdminPanel({ user }: { user: CurrentUser }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const listRef = useRef<HTMLDivElement>(null);
  const sections = sectionsFor(user.role);
  const first = sections[0];
  const requested = searchParams.get('section');
  const active = sections.find((section) => section.id === requested) ?? first;

  // On phones the tab row scrolls sideways: keep the open tab in view (e.g. after a reload).
  useEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('[data-state="active"]');
    if (!list || !tab) return;
    const bounds = list.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left < bounds.left || box.right > bounds.right) {
      list.scrollLeft += box.left - bounds.left - 16;
    }
  }, [active?.id]);

  if (!first || !active) {
    return <Alert tone="error">You do not have access to the admin panel.</Alert>;
  }
  const select = (id: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('section', id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  if (sections.length === 1) {
    const Only = CONTENT[first.id];
    return (
      <section aria-label={first.label}>
        <Only actor={user} />
      </section>
    );
  }

  return (
    <Tabs.Root value={active.id} onValueChange={select} activationMode="manual">
      <Tabs.List
        ref={listRef}
        aria-label="Admin sections"
        className="-mx-4 mb-6 flex gap-1 overflow-x-auto border-b border-line px-4 pb-3 sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {sections.map((section) => {
          const Icon = ICONS[section.id];
          return (
            <Tabs.Trigger key={section.id} value={section.id} className={tabClasses}>
              <Icon aria-hidden="true" className="size-4" />
              {section.label}
            </Tabs.Trigger>
          );
        })}
      </Tabs.List>
      {sections.map((section) => {
        const Content = CONTENT[section.id];
        return (
          <Tabs.Content key={section.id} value={section.id} className="outline-none">
            <Content actor={user} />
          </Tabs.Content>
        );
      })}
    </Tabs.Root>
  );
}
