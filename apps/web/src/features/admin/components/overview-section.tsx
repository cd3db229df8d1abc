import {
  Activity,
  CircleDollarSign,
  KeyRound,
  LifeBuoy,
  TriangleAlert,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { useOverview } from '../api/get-overview';
import { BarChart } from './bar-chart';
import { formatDollars } from '@stellar/shared';
import { LineChart } from './line-chart';
import { SectionHeading } from './section-heading';

function StatCard({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  value: string;
  icon: LucideIcon;
}) {
  return (
    <Card className="flex h-full items-center gap-4 p-4">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent/15 text-accent-text">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-fg-muted">{label}</p>
        <p className="text-2xl font-semibold text-fg tabular-nums">{value}</p>
      </div>
    </Card>
  );
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The shop at a glance: headline totals and the last 30 days of keys and revenue. */
export function OverviewSection() {
  const overview = useOverview();
  const heading = (
    <SectionHeading title="Overview" description="The shop at a glance over the last 30 days." />
  );

  if (overview.isPending) {
    return (
      <div role="status" aria-label="Loading the overview">
        {heading}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
        <Skeleton className="mt-6 h-64" />
      </div>
    );
  }
  if (overview.isError) {
    return (
      <>
        {heading}
        <Alert tone="error" title="The overview could not be loaded.">
          {getErrorMessage(overview.error)}
        </Alert>
      </>
    );
  }

  const { totals, days } = overview.data;
  const generated = sum(days.map((d) => d.keysGenerated));
  const redeemed = sum(days.map((d) => d.keysRedeemed));
  const stats: { label: string; value: string; icon: LucideIcon }[] = [
    { label: 'Users', value: String(totals.users), icon: Users },
    { label: 'Active licences', value: String(totals.activeLicences), icon: KeyRound },
    { label: 'Open tickets', value: String(totals.openTickets), icon: LifeBuoy },
    { label: 'Escalated tickets', value: String(totals.escalatedTickets), icon: TriangleAlert },
    {
      label: 'Licences checked (24 h)',
      value: String(totals.licencesCheckedLast24h),
      icon: Activity,
    },
    {
      label: 'Revenue (30 days)',
      value: formatDollars(totals.revenueLast30d),
      icon: CircleDollarSign,
    },
  ];

  return (
    <>
      {heading}
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {stats.map((stat) => (
          <li key={stat.label}>
            <StatCard {...stat} />
          </li>
        ))}
      </ul>
      <div className="mt-6 grid grid-cols-1 gap-6 xl:grid-cols-2">
        <BarChart
          title="Keys per day"
          summary={`${generated} generated and ${redeemed} redeemed in the last ${days.length} days.`}
          series={[
            { name: 'Generated', fillClass: 'fill-accent-text' },
            { name: 'Redeemed', fillClass: 'fill-info' },
          ]}
          days={days.map((d) => ({ date: d.date, values: [d.keysGenerated, d.keysRedeemed] }))}
        />
        <LineChart
          title="Revenue per day"
          summary={`${formatDollars(totals.revenueLast30d)} from reseller key purchases in the last ${days.length} days.`}
          series={{ name: 'Revenue', fillClass: 'fill-success', strokeClass: 'stroke-success' }}
          days={days.map((d) => ({ date: d.date, value: d.revenue }))}
          formatValue={formatDollars}
        />
      </div>
    </>
  );
}
