import { RotateCcw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useRedeliver, useWebhookDeliveries } from '../api/webhooks';
import { formatTimestamp } from '@/lib/format-timestamp';

const STATUS_CLASSES: Record<string, string> = {
  delivered: 'text-success',
  failed: 'text-danger',
  pending: 'text-warning',
};

/** One endpoint's attempts log (newest first) with Redeliver. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const redeliver = useRedeliver(endpointId);
  if (deliveries.isPending) return <Skeleton className="h-12 w-full" />;
  if (deliveries.isError) return <Alert tone="error">{deliveries.error.message}</Alert>;
  const rows = deliveries.data.deliveries;
  if (rows.length === 0) return <p className="text-sm text-fg-subtle">No deliveries yet.</p>;
  return (
    <div className="overflow-x-auto">
      {redeliver.error && <Alert tone="error">{redeliver.error.message}</Alert>}
      <table className="w-full text-left text-sm" aria-label="Deliveries">
        <thead className="text-xs text-fg-subtle">
          <tr>
            <th className="py-2 pr-3 font-medium">Event</th>
            <th className="py-2 pr-3 font-medium">Attempt</th>
            <th className="py-2 pr-3 font-medium">Status</th>
            <th className="py-2 pr-3 font-medium">Answer</th>
            <th className="py-2 pr-3 font-medium">Time</th>
            <th className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((d) => (
            <tr key={d._id}>
              <td className="py-2 pr-3 font-mono text-xs text-fg">{d.type}</td>
              <td className="py-2 pr-3 text-fg-muted">{d.attempt}</td>
              <td className={`py-2 pr-3 font-medium ${STATUS_CLASSES[d.status] ?? ''}`}>
                {d.status}
              </td>
              <td className="py-2 pr-3 text-fg-muted">
                {d.responseStatus !== null ? `HTTP ${d.responseStatus}` : (d.error ?? '—')}
                {d.durationMs !== null ? ` · ${d.durationMs} ms` : ''}
              </td>
              <td className="py-2 pr-3 text-fg-muted">
                <time dateTime={d.createdAt}>{formatTimestamp(d.createdAt)}</time>
              </td>
              <td className="py-2">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={redeliver.isPending || d.status === 'pending'}
                  onClick={() => redeliver.mutate(d._id)}
                  aria-label={`Redeliver ${d.type} attempt ${d.attempt}`}
                >
                  <RotateCcw aria-hidden="true" className="size-4" /> Redeliver
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
