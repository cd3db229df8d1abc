import { formatDollars, LIMITS } from '@stellar/shared';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useGenerateKeys } from '../api/generate-keys';
import type { ResellerProduct } from '../api/get-reseller-overview';
import { checkGenerateKeys } from './generate-keys-check';
import type { GeneratedBatch } from './generated-keys-box';
import { PlanChoice } from './plan-choice';

export const GENERATE_ERROR = 'Error generating keys.';

interface GenerateKeysFormProps {
  products: ResellerProduct[];
  balance: number;
  /** A Reseller pays price x quantity from the balance. */
  pays: boolean;
  onGenerated: (batch: GeneratedBatch) => void;
}

/** Product select, plan choice, quantity and "Generate Keys", with the spec's checks. */
export function GenerateKeysForm({ products, balance, pays, onGenerated }: GenerateKeysFormProps) {
  const generate = useGenerateKeys();
  const [productId, setProductId] = useState('');
  const [plan, setPlan] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<{ title: string; detail?: string } | null>(null);

  const product = products.find((p) => p._id === productId);
  const plans = product?.pricing ?? [];
  const chosen = plans.find((p) => p.plan === plan);
  const count = Number(quantity);
  const total = chosen && Number.isInteger(count) && count > 0 ? chosen.price * count : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkGenerateKeys({
      productId,
      plan: chosen ? plan : '',
      quantity,
      price: chosen?.price,
      balance,
      pays,
    });
    if (!check.ok) {
      setError({ title: check.error });
      return;
    }
    setError(null);
    try {
      const { keys } = await generate.mutateAsync(check.body);
      onGenerated({ keys, product: product?.title ?? '', plan, slug: product?.slug ?? 'keys' });
    } catch (failure) {
      const detail = failure instanceof ApiError ? failure.message : undefined;
      setError(
        detail && detail !== GENERATE_ERROR
          ? { title: GENERATE_ERROR, detail }
          : { title: GENERATE_ERROR },
      );
    }
  };

  return (
    <Card className="p-5 sm:p-6">
      <form
        noValidate
        onSubmit={submit}
        aria-labelledby="generate-heading"
        className="flex flex-col gap-5"
      >
        <h2 id="generate-heading" className="text-lg font-semibold text-fg">
          Generate keys
        </h2>
        {products.length === 0 && (
          <Alert tone="info">
            No products have been assigned to you yet. Ask an admin to grant you a product.
          </Alert>
        )}
        <FormField label="Product">
          {(control) => (
            <Select
              {...control}
              value={productId}
              disabled={products.length === 0}
              onChange={(event) => {
                const next = products.find((p) => p._id === event.target.value);
                setProductId(event.target.value);
                // Keep the plan when the new product sells one of the same name.
                if (!next?.pricing.some((p) => p.plan === plan)) setPlan('');
              }}
            >
              <option value="">Select a product</option>
              {products.map((p) => (
                <option key={p._id} value={p._id}>
                  {p.title}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <PlanChoice plans={plans} value={plan} onChange={setPlan} />
        <FormField
          label="Quantity"
          hint={`From ${LIMITS.keyQuantityMin} to ${LIMITS.keyQuantityMax} keys.`}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={LIMITS.keyQuantityMin}
              max={LIMITS.keyQuantityMax}
              step={1}
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
              className="sm:max-w-40"
            />
          )}
        </FormField>
        {error && (
          <Alert tone="error" title={error.title}>
            {error.detail}
          </Alert>
        )}
        <div className="flex flex-col gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-fg-muted">
            Total:{' '}
            <span className="font-semibold text-fg tabular-nums">
              {total === null ? '—' : pays ? formatDollars(total) : `${formatDollars(0)} (free)`}
            </span>
          </p>
          <Button type="submit" size="lg" disabled={generate.isPending}>
            {generate.isPending ? (
              <Spinner className="size-4 text-accent-fg" />
            ) : (
              <KeyRound aria-hidden="true" className="size-4" />
            )}
            Generate Keys
          </Button>
        </div>
      </form>
    </Card>
  );
}
