import { zodResolver } from '@hookform/resolvers/zod';
import type { CreateCouponBody } from '@stellar/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { getFieldErrors } from '@/lib/api-client';
import { useCreateCoupon } from '../api/create-coupon';
import { useProducts } from '../api/get-products';
import { reportAdminError } from './report-admin-error';
import type { ReportFeedback } from './user-feedback';

const FIELDS = ['code', 'discount', 'productId', 'maxUses', 'expiresAt'] as const;
type Field = (typeof FIELDS)[number];

const number = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * The form's text fields as the API's body; blanks are left out. Only shaped here: the server
 * validates (createCouponBodySchema) and its messages go under the fields.
 */
const couponFormSchema = z
  .object({
    code: z.string(),
    kind: z.enum(['percent', 'amount']),
    discount: z.string(),
    productId: z.string(),
    maxUses: z.string(),
    expiresAt: z.string(),
  })
  .transform((form): CreateCouponBody => ({
    code: form.code.trim(),
    ...(form.kind === 'percent'
      ? { percentOff: number(form.discount) }
      : { amountOff: number(form.discount) }),
    productId: form.productId || null,
    maxUses: number(form.maxUses) ?? null,
    // datetime-local is local time without a zone: the Date reads it as such.
    expiresAt: form.expiresAt ? new Date(form.expiresAt).toISOString() : null,
  }));
type CouponFormValues = z.input<typeof couponFormSchema>;

const EMPTY: CouponFormValues = {
  code: '',
  kind: 'percent',
  discount: '',
  productId: '',
  maxUses: '',
  expiresAt: '',
};

/** Maps the API's field names onto the form's (percentOff and amountOff share one input). */
function fieldOf(name: string): Field | null {
  if (name === 'percentOff' || name === 'amountOff') return 'discount';
  return FIELDS.find((f) => f === name) ?? null;
}

/** New coupon: code, percent or amount off, product, max uses, expiry. */
export function CouponForm({ onFeedback }: { onFeedback: ReportFeedback }) {
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateCoupon();
  const products = useProducts();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<CouponFormValues, unknown, CreateCouponBody>({
    resolver: zodResolver(couponFormSchema),
    defaultValues: EMPTY,
  });
  const kind = watch('kind');

  const submit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      const coupon = await create.mutateAsync(body);
      reset(EMPTY);
      onFeedback({ tone: 'success', text: `Coupon ${coupon.code} created.` });
    } catch (failure) {
      const message = reportAdminError('create a coupon', failure);
      const next: Partial<Record<Field, string>> = {};
      for (const [name, text] of Object.entries(getFieldErrors(failure))) {
        const field = fieldOf(name);
        if (field) next[field] ??= text;
      }
      const first = FIELDS.find((f) => next[f]);
      for (const field of FIELDS) {
        const text = next[field];
        if (text)
          setError(field, { type: 'server', message: text }, { shouldFocus: field === first });
      }
      if (!first) setFormError(message);
    }
  });

  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-base font-semibold text-fg">New coupon</h3>
      <form
        noValidate
        onSubmit={(event) => {
          setFormError(null);
          void submit(event);
        }}
        className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {formError && (
          <Alert tone="error" className="sm:col-span-2 lg:col-span-3">
            {formError}
          </Alert>
        )}
        <FormField
          label="Code"
          hint="Letters, digits, - and _; any case."
          error={errors.code?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...register('code')}
              autoComplete="off"
              spellCheck={false}
              maxLength={32}
              className="font-mono"
            />
          )}
        </FormField>
        <fieldset className="min-w-0">
          <legend className="text-sm font-medium text-fg">Discount</legend>
          <div className="mt-1.5 grid grid-cols-[9rem_minmax(0,1fr)] gap-2">
            <Select aria-label="Discount type" {...register('kind')}>
              <option value="percent">Percent off</option>
              <option value="amount">Dollars off</option>
            </Select>
            <Input
              {...register('discount')}
              aria-label={kind === 'percent' ? 'Percent off' : 'Dollars off'}
              aria-invalid={Boolean(errors.discount)}
              aria-describedby={errors.discount ? 'coupon-discount-error' : undefined}
              inputMode="decimal"
              placeholder={kind === 'percent' ? '1-100' : '5.00'}
            />
          </div>
          {errors.discount && (
            <p id="coupon-discount-error" className="mt-1.5 text-sm text-danger">
              {errors.discount.message}
            </p>
          )}
        </fieldset>
        <FormField label="Product" error={errors.productId?.message}>
          {(control) => (
            <Select {...control} {...register('productId')}>
              <option value="">Any product</option>
              {products.data?.map((p) => (
                <option key={p._id} value={p._id}>
                  {p.title}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Max uses" hint="Empty for unlimited." error={errors.maxUses?.message}>
          {(control) => <Input {...control} {...register('maxUses')} inputMode="numeric" />}
        </FormField>
        <FormField label="Expires" hint="Empty for no expiry." error={errors.expiresAt?.message}>
          {(control) => <Input {...control} {...register('expiresAt')} type="datetime-local" />}
        </FormField>
        <div className="flex items-end">
          <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
            {create.isPending && <Spinner className="size-4 text-accent-fg" />}
            Create coupon
          </Button>
        </div>
      </form>
    </Card>
  );
}
