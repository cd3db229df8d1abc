import { API_KEY_SCOPES, type ApiKeyScope } from '@stellar/shared';
import { KeyRound, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
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

/** "API keys": create (key shown once), list with last use, revoke. */
export function ApiKeysCard({ products }: { products: SellableProduct[] }) {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [productId, setProductId] = useState('');
  const [plan, setPlan] = useState('');
  const delivery = scopes.includes('deliver');
  const product = products.find((p) => p._id === productId);

  const toggle = (scope: ApiKeyScope) =>
    setScopes((current) =>
      scope === 'deliver'
        ? current.includes('deliver')
          ? []
          : ['deliver']
        : current.includes(scope)
          ? current.filter((s) => s !== scope)
          : [...current.filter((s) => s !== 'deliver'), scope],
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, scopes, ...(delivery ? { productId, plan } : {}) },
      { onSuccess: () => setName('') },
    );
  };

  return (
    <Card className="p-6" aria-labelledby="api-keys-heading" role="region">
      <h2 id="api-keys-heading" className="flex items-center gap-2 text-xl font-semibold text-fg">
        <KeyRound aria-hidden="true" className="size-5" /> API keys
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        Keys let your tools and shop act as you, within the scopes you choose.
      </p>
      <form onSubmit={submit} className="mt-5 flex flex-col gap-4">
        <FormField label="Key name">
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={64}
              onChange={(e) => setName(e.target.value)}
              required
            />
          )}
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
                  value={productId}
                  onChange={(e) => {
                    setProductId(e.target.value);
                    setPlan('');
                  }}
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
                <Select
                  {...control}
                  value={plan}
                  onChange={(e) => setPlan(e.target.value)}
                  required
                >
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
        {create.error && <Alert tone="error">{create.error.message}</Alert>}
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
                      ? `${new Date(key.lastUsedAt).toLocaleString()} from ${key.lastUsedIp ?? 'unknown'}`
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
