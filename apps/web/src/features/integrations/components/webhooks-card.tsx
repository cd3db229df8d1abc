import { zodResolver } from '@hookform/resolvers/zod';
import {
  createWebhookBodySchema,
  RESELLER_WEBHOOK_EVENTS,
  WEBHOOK_EVENT_TYPES,
  type CreateWebhookBody,
} from '@stellar/shared';
import { Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateWebhook, useDeleteWebhook, useEnableWebhook, useWebhooks } from '../api/webhooks';
import { ShownOnce } from './shown-once';
import { WebhookDeliveries } from './webhook-deliveries';

type WebhookFormValues = z.input<typeof createWebhookBodySchema>;
type EventType = WebhookFormValues['events'][number];

/** "Webhooks": endpoints (secret shown once), their deliveries log, turn on again, delete. */
export function WebhooksCard({ staff }: { staff: boolean }) {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const enable = useEnableWebhook();
  const choices: readonly EventType[] = staff ? WEBHOOK_EVENT_TYPES : RESELLER_WEBHOOK_EVENTS;
  const [open, setOpen] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<WebhookFormValues, unknown, CreateWebhookBody>({
    resolver: zodResolver(createWebhookBodySchema),
    reValidateMode: 'onSubmit',
    defaultValues: { url: '', kind: 'http', events: [] },
  });
  const [url, events] = watch(['url', 'events']);
  const invalid = errors.url?.message ?? errors.kind?.message ?? errors.events?.message;
  const failure = invalid ?? create.error?.message;

  const submit = handleSubmit((body) => {
    create.mutate(body, {
      onSuccess: ({ webhook }) => {
        setValue('url', '');
        setOpen(webhook._id);
      },
    });
  });

  return (
    <Card className="p-6" aria-labelledby="webhooks-heading" role="region">
      <h2 id="webhooks-heading" className="flex items-center gap-2 text-xl font-semibold text-fg">
        <WebhookIcon aria-hidden="true" className="size-5" /> Webhooks
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        {staff
          ? 'Send shop events to your server (signed) or to a Discord channel.'
          : 'Hear when your keys are redeemed and your balance changes.'}
      </p>
      <form onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
          <FormField label="Endpoint URL">
            {(control) => (
              <Input
                {...control}
                type="url"
                {...register('url')}
                placeholder="https://example.com/stellar"
                required
              />
            )}
          </FormField>
          <FormField label="Kind">
            {(control) => (
              <Select {...control} {...register('kind')}>
                <option value="http">HTTP (signed)</option>
                <option value="discord">Discord</option>
              </Select>
            )}
          </FormField>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-fg">Events</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {choices.map((type) => (
              <label key={type} className="flex items-center gap-2 font-mono text-xs text-fg-muted">
                <input
                  type="checkbox"
                  checked={events.includes(type)}
                  onChange={() =>
                    setValue(
                      'events',
                      events.includes(type) ? events.filter((t) => t !== type) : [...events, type],
                    )
                  }
                />
                {type}
              </label>
            ))}
          </div>
        </fieldset>
        {failure && <Alert tone="error">{failure}</Alert>}
        <div>
          <Button type="submit" disabled={create.isPending || !url || events.length === 0}>
            Add webhook
          </Button>
        </div>
      </form>
      {create.data && (
        <div className="mt-4">
          <ShownOnce label="signing secret" value={create.data.secret} />
        </div>
      )}
      <div className="mt-6">
        {webhooks.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : webhooks.isError ? (
          <Alert tone="error">{webhooks.error.message}</Alert>
        ) : webhooks.data.webhooks.length === 0 ? (
          <p className="text-sm text-fg-subtle">No webhooks yet.</p>
        ) : (
          <ul className="divide-y divide-line" aria-label="Webhooks">
            {webhooks.data.webhooks.map((hook) => (
              <li key={hook._id} className="py-3">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <div className="min-w-0">
                    <p className="break-all font-medium text-fg">{hook.url}</p>
                    <p className="text-xs text-fg-subtle">
                      {hook.kind} · {hook.events.join(', ')}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-expanded={open === hook._id}
                      onClick={() => setOpen(open === hook._id ? null : hook._id)}
                    >
                      Deliveries
                    </Button>
                    {hook.disabledReason && (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={enable.isPending}
                        onClick={() => enable.mutate(hook._id)}
                      >
                        Turn on
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Delete webhook ${hook.url}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(hook._id)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                </div>
                {hook.disabledReason && (
                  <Alert tone="warning" className="mt-2" live={false}>
                    Disabled: {hook.disabledReason}
                  </Alert>
                )}
                {open === hook._id && (
                  <div className="mt-3">
                    <WebhookDeliveries endpointId={hook._id} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
