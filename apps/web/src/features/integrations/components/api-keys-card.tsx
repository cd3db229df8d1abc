import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_KEY_SCOPES,
  createApiKeyBodySchema,
  type ApiKeyScope,
  type CreateApiKeyBody,
} from '@stellar/shared';
import { KeyRound, Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { ShownOnce } from './shown-once';

export interface SellableProduct {
  _id: string;
  title: string;
  pricing: { plan: string }[];
}

const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'keys:generate': 'Generate keys',
  'licences:read': 'Read licences',
  'licences:write': 'Reset HWID, change licences',
  'orders:read': 'Read orders',
  deliver: 'Shop delivery',
};

/** The form's fields as the API's body: only a delivery key sends its product and plan. */
const apiKeyFormSchema = z
  .object({
    name: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    productId: z.string(),
    plan: z.string(),
  })
  .transform(({ name, scopes, productId, plan }) => ({
    name,
    scopes,
    ...(scopes.includes('deliver') ? { productId, plan } : {}),
  }))
  .pipe(createApiKeyBodySchema);
type ApiKeyFormValues = z.input<typeof apiKeyFormSchema>;

/** "API keys": create (key shown once), list with last use, revoke. */
export function ApiKeysCard({ products }: { products: SellableProduct[] }) {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<ApiKeyFormValues, unknown, CreateApiKeyBody>({
    resolver: zodResolver(apiKeyFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { name: '', scopes: [], productId: '', plan: '' },
  });
  const [name, scopes, productId] = watch(['name', 'scopes', 'productId']);
  const delivery = scopes.includes('deliver');
  const product = products.find((p) => p._id === productId);
  const invalid =
    errors.name?.message ??
    errors.scopes?.message ??
    errors.productId?.message ??
    errors.plan?.message;
  const failure = invalid ?? create.error?.message;

  // A delivery key has no other scope: choosing it clears the rest, and the reverse.
  const toggle = (scope: ApiKeyScope) =>
    setValue(
      'scopes',
      scope === 'deliver'
        ? scopes.includes('deliver')
          ? []
          : ['deliver']
        : scopes.includes(scope)
          ? scopes.filter((s) => s !== scope)
          : [...scopes.filter((s) => s !== 'deliver'), scope],
    );

  const submit = handleSubmit((body) => {
    create.mutate(body, { onSuccess: () => setValue('name', '') });
  });

  return (
    <Card className="p-6" aria-labelledby="api-keys-heading" role="region">
      <h2 id="api-keys-heading" className="flex items-center gap-2 text-xl font-semibold text-fg">
        <KeyRound aria-hidden="true" className="size-5" /> API keys
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        Keys let your tools and shop act as you, within the scopes you choose.
      </p>
      <form onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-4">
        <FormField label="Key name">
          {(control) => <Input {...control} {...register('name')} maxLength={64} required />}
        </FormField>
        <fieldset>
          <legend className="text-sm font-medium text-fg">Scopes</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {API_KEY_SCOPES.map((scope) => (
              <label key={scope} className="flex items-center gap-2 text-sm text-fg-muted">
                <input
                  type="checkbox"
                  checked={scopes.includes(scope)}
                  onChange={() => toggle(scope)}
                />
                {SCOPE_LABELS[scope]} <code className="text-xs text-fg-subtle">{scope}</code>
              </label>
            ))}
          </div>
        </fieldset>
        {delivery && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Delivery product">
              {(control) => (
                <Select
                  {...control}
                  {...register('productId', { onChange: () => setValue('plan', '') })}
                  required
                >
                  <option value="">Choose a product</option>
                  {products.map((p) => (
                    <option key={p._id} value={p._id}>
                      {p.title}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormField label="Delivery plan">
              {(control) => (
                <Select {...control} {...register('plan')} required>
                  <option value="">Choose a plan</option>
                  {product?.pricing.map((p) => (
                    <option key={p.plan} value={p.plan}>
                      {p.plan}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          </div>
        )}
        {failure && <Alert tone="error">{failure}</Alert>}
        <div>
          <Button type="submit" disabled={create.isPending || !name.trim() || scopes.length === 0}>
            Create API key
          </Button>
        </div>
      </form>
      {create.data && (
        <div className="mt-4">
          <ShownOnce label="API key" value={create.data.key} />
        </div>
      )}
      <div className="mt-6">
        {keys.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : keys.isError ? (
          <Alert tone="error">{keys.error.message}</Alert>
        ) : keys.data.apiKeys.length === 0 ? (
          <p className="text-sm text-fg-subtle">No API keys yet.</p>
        ) : (
          <ul className="divide-y divide-line" aria-label="API keys">
            {keys.data.apiKeys.map((key) => (
              <li key={key._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-fg">{key.name}</p>
                  <p className="text-xs text-fg-subtle">
                    <code>{key.prefix}…</code> · {key.scopes.join(', ')}
                    {key.plan ? ` · ${key.plan}` : ''} · last used{' '}
                    {key.lastUsedAt
                      ? `${formatTimestamp(key.lastUsedAt)} from ${key.lastUsedIp ?? 'unknown'}`
                      : 'never'}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Revoke ${key.name}`}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(key._id)}
                >
                  <Trash2 aria-hidden="true" className="size-4" /> Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
