import { MAINTENANCE_PAGES, type MaintenancePage } from '@stellar/shared';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { useMaintenanceStatus } from '@/features/maintenance';
import { useSetMaintenance } from '../api/set-maintenance';
import { reportAdminError } from './report-admin-error';
import { SectionHeading } from './section-heading';
import { Switch } from '@/components/ui/switch';

/** What each switch covers (docs/product.md#decisions: a product page's switch also covers its checkout). */
export const MAINTENANCE_PAGE_INFO: Record<MaintenancePage, { label: string; path: string }> = {
  'stellar-launcher': { label: 'Stellar Launcher', path: '/product/stellar-launcher' },
  'clothing-bot': { label: 'Clothing Bot', path: '/product/clothing-bot' },
  other: { label: 'Other', path: '/product/other' },
  chat: { label: 'Chat', path: '/chat' },
  'user-dashboard': { label: 'User dashboard', path: '/user-dashboard' },
  'resell-panel': { label: 'Resell panel', path: '/resell-panel' },
  contact: { label: 'Contact', path: '/contact' },
};

function MaintenanceToggle({
  page,
  checked,
  onToggle,
}: {
  page: MaintenancePage;
  checked: boolean;
  onToggle: (page: MaintenancePage, enabled: boolean) => void;
}) {
  const id = useId();
  const info = MAINTENANCE_PAGE_INFO[page];
  return (
    <li className="flex items-center justify-between gap-4 px-4 py-3 sm:px-5">
      <label htmlFor={id} className="min-w-0 cursor-pointer">
        <span className="block font-medium text-fg">{info.label}</span>
        <span className="block truncate font-mono text-xs text-fg-subtle">{info.path}</span>
      </label>
      <div className="flex shrink-0 items-center gap-3">
        <span
          aria-hidden="true"
          className={checked ? 'text-sm text-warning' : 'text-sm text-fg-subtle'}
        >
          {checked ? 'On' : 'Off'}
        </span>
        <Switch id={id} checked={checked} onCheckedChange={(value) => onToggle(page, value)} />
      </div>
    </li>
  );
}

/** One maintenance switch per page; flips at once and rolls back if the server refuses. */
export function MaintenanceSection() {
  const status = useMaintenanceStatus();
  const setMaintenance = useSetMaintenance();
  const [error, setError] = useState<string | null>(null);

  const onToggle = (page: MaintenancePage, enabled: boolean) => {
    setError(null);
    setMaintenance.mutate(
      { page, enabled },
      {
        onError: (failure) =>
          setError(
            reportAdminError(`${enabled ? 'enable' : 'disable'} maintenance for ${page}`, failure),
          ),
      },
    );
  };

  return (
    <>
      <SectionHeading
        title="Maintenance Settings"
        description="A page that is on sends visitors to the maintenance page; staff see a banner instead."
      />
      {error && (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      )}
      {status.isPending ? (
        <Skeleton className="h-96" />
      ) : status.isError ? (
        <Alert tone="error" title="The maintenance status could not be loaded.">
          {getErrorMessage(status.error)}
        </Alert>
      ) : (
        <Card className="max-w-2xl">
          <ul className="divide-y divide-line">
            {MAINTENANCE_PAGES.map((page) => (
              <MaintenanceToggle
                key={page}
                page={page}
                checked={Boolean(status.data[page])}
                onToggle={onToggle}
              />
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}
