import { zodResolver } from '@hookform/resolvers/zod';
import {
  dollarsToCents,
  formatDollars,
  generateKeysBodySchema,
  LIMITS,
  MESSAGES,
  type GenerateKeysBody,
} from '@stellar/shared';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useGenerateKeys } from '../api/generate-keys';
import type { ResellerProduct } from '../api/get-reseller-overview';
import type { GeneratedBatch } from './generated-keys-box';
import { PlanChoice } from './plan-choice';

export const GENERATE_ERROR = 'Error generating keys.';

/** The form's text fields checked as the API's body: a product and a plan, a quantity of 1-500. */
const generateKeysFormSchema = z
  .object({ productId: z.string(), plan: z.string(), quantity: z.string() })
  .transform((form) => ({
    ...form,
    quantity: form.quantity.trim() === '' ? Number.NaN : Number(form.quantity),
  }))
  .pipe(generateKeysBodySchema);
type GenerateKeysFormValues = z.input<typeof generateKeysFormSchema>;

/** The message of the first refused field, in the form's order. */
function firstError(errors: FieldErrors<GenerateKeysFormValues>): string {
  const field = (['productId', 'plan', 'quantity'] as const).find((name) => errors[name]);
  return (field && errors[field]?.message) || 'Invalid input.';
}

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
  const [error, setError] = useState<{ title: string; detail?: string } | null>(null);
  const { control, register, handleSubmit, watch, getValues, setValue } = useForm<
    GenerateKeysFormValues,
    unknown,
    GenerateKeysBody
  >({
    resolver: zodResolver(generateKeysFormSchema),
    defaultValues: { productId: '', plan: '', quantity: '1' },
  });
  const [productId, plan, quantity] = watch(['productId', 'plan', 'quantity']);

  const product = products.find((p) => p._id === productId);
  const plans = product?.pricing ?? [];
  const chosen = plans.find((p) => p.plan === plan);
  const count = Number(quantity);
  const total = chosen && Number.isInteger(count) && count > 0 ? chosen.price * count : null;

  const submit = handleSubmit(
    async (body) => {
      // Only a Reseller pays; in cents, so 0.1 + 0.2 style rounding never refuses an exact balance.
      if (
        pays &&
        chosen &&
        dollarsToCents(chosen.price) * body.quantity > dollarsToCents(balance)
      ) {
        setError({ title: MESSAGES.insufficientBalance });
        return;
      }
      setError(null);
      try {
        const { keys } = await generate.mutateAsync(body);
        onGenerated({
          keys,
          product: product?.title ?? '',
          plan: body.plan,
          slug: product?.slug ?? 'keys',
        });
      } catch (failure) {
        const detail = failure instanceof ApiError ? failure.message : undefined;
        setError(
          detail && detail !== GENERATE_ERROR
            ? { title: GENERATE_ERROR, detail }
            : { title: GENERATE_ERROR },
        );
      }
    },
    (errors) => setError({ title: firstError(errors) }),
  );

  return (
    <Card className="p-5 sm:p-6">
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
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
              disabled={products.length === 0}
              {...register('productId', {
                onChange: (event: { target: { value: string } }) => {
                  const next = products.find((p) => p._id === event.target.value);
                  // Keep the plan when the new product sells one of the same name.
                  if (!next?.pricing.some((p) => p.plan === getValues('plan'))) {
                    setValue('plan', '');
                  }
                },
              })}
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
        <Controller
          control={control}
          name="plan"
          render={({ field }) => (
            <PlanChoice plans={plans} value={field.value} onChange={field.onChange} />
          )}
        />
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
              {...register('quantity')}
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
