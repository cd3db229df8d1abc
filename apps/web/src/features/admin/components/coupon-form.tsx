import type { CreateCouponBody } from '@stellar/shared';
import { useRef, useState, type FormEvent } from 'react';
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

type Field = 'code' | 'discount' | 'productId' | 'maxUses' | 'expiresAt';
type Kind = 'percent' | 'amount';

const EMPTY = {
  code: '',
  kind: 'percent' as Kind,
  value: '',
  productId: '',
  maxUses: '',
  expiresAt: '',
};

/** The form's text fields as the API's body; blanks are left out, the server validates. */
function toBody(form: typeof EMPTY): CreateCouponBody {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const value = number(form.value);
  return {
    code: form.code.trim(),
    ...(form.kind === 'percent' ? { percentOff: value } : { amountOff: value }),
    productId: form.productId || null,
    maxUses: number(form.maxUses) ?? null,
    // datetime-local is local time without a zone: the Date reads it as such.
    expiresAt: form.expiresAt ? new Date(form.expiresAt).toISOString() : null,
  };
}

/** Maps the API's field names onto the form's (percentOff and amountOff share one input). */
function fieldOf(name: string): Field | null {
  if (name === 'percentOff' || name === 'amountOff') return 'discount';
  return (['code', 'productId', 'maxUses', 'expiresAt'] as const).find((f) => f === name) ?? null;
}

/** New coupon: code, percent or amount off, product, max uses, expiry. */
export function CouponForm({ onFeedback }: { onFeedback: ReportFeedback }) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateCoupon();
  const products = useProducts();
  const refs = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  const set = (key: keyof typeof EMPTY) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setErrors({});
    try {
      const coupon = await create.mutateAsync(toBody(form));
      setForm(EMPTY);
      onFeedback({ tone: 'success', text: `Coupon ${coupon.code} created.` });
    } catch (failure) {
      const message = reportAdminError('create a coupon', failure);
      const next: Partial<Record<Field, string>> = {};
      for (const [name, text] of Object.entries(getFieldErrors(failure))) {
        const field = fieldOf(name);
        if (field) next[field] ??= text;
      }
      setErrors(next);
      const first = (['code', 'discount', 'productId', 'maxUses', 'expiresAt'] as const).find(
        (f) => next[f],
      );
      if (first) refs.current[first]?.focus();
      else setFormError(message);
    }
  };

  const ref = (field: Field) => (el: HTMLElement | null) => {
    refs.current[field] = el;
  };

  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-base font-semibold text-fg">New coupon</h3>
      <form
        noValidate
        onSubmit={submit}
        className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {formError && (
          <Alert tone="error" className="sm:col-span-2 lg:col-span-3">
            {formError}
          </Alert>
        )}
        <FormField label="Code" hint="Letters, digits, - and _; any case." error={errors.code}>
          {(control) => (
            <Input
              {...control}
              ref={ref('code')}
              value={form.code}
              onChange={(e) => set('code')(e.target.value)}
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
            <Select
              aria-label="Discount type"
              value={form.kind}
              onChange={(e) => set('kind')(e.target.value)}
            >
              <option value="percent">Percent off</option>
              <option value="amount">Dollars off</option>
            </Select>
            <Input
              ref={ref('discount')}
              aria-label={form.kind === 'percent' ? 'Percent off' : 'Dollars off'}
              aria-invalid={Boolean(errors.discount)}
              aria-describedby={errors.discount ? 'coupon-discount-error' : undefined}
              inputMode="decimal"
              value={form.value}
              onChange={(e) => set('value')(e.target.value)}
              placeholder={form.kind === 'percent' ? '1-100' : '5.00'}
            />
          </div>
          {errors.discount && (
            <p id="coupon-discount-error" className="mt-1.5 text-sm text-danger">
              {errors.discount}
            </p>
          )}
        </fieldset>
        <FormField label="Product" error={errors.productId}>
          {(control) => (
            <Select
              {...control}
              ref={ref('productId')}
              value={form.productId}
              onChange={(e) => set('productId')(e.target.value)}
            >
              <option value="">Any product</option>
              {products.data?.map((p) => (
                <option key={p._id} value={p._id}>
                  {p.title}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Max uses" hint="Empty for unlimited." error={errors.maxUses}>
          {(control) => (
            <Input
              {...control}
              ref={ref('maxUses')}
              inputMode="numeric"
              value={form.maxUses}
              onChange={(e) => set('maxUses')(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Expires" hint="Empty for no expiry." error={errors.expiresAt}>
          {(control) => (
            <Input
              {...control}
              ref={ref('expiresAt')}
              type="datetime-local"
              value={form.expiresAt}
              onChange={(e) => set('expiresAt')(e.target.value)}
            />
          )}
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
