import { zodResolver } from '@hookform/resolvers/zod';
import { formatDollars } from '@stellar/shared';
import { Bitcoin, PlusCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, getErrorMessage, getFieldErrors } from '@/lib/api-client';
import {
  goToCheckout,
  PAYMENTS_NOT_SET_UP,
  TestModeBanner,
  TOP_UP_MAX,
  TOP_UP_MIN,
  usePaymentsStatus,
} from '@/features/orders';
import { useCreateTopUp } from '../api/create-top-up';

// "$10,000.00": ungrouped thousands read badly at this size.
const usd = (amount: number) => formatDollars(amount, { grouped: true });

export const TOP_UP_RANGE_ERROR = `Enter an amount between ${usd(TOP_UP_MIN)} and ${usd(TOP_UP_MAX)}.`;
export const TOP_UP_CENTS_ERROR = 'Use at most 2 decimals (whole cents).';

/** The amount typed in dollars: 10 to 10,000, whole cents; the first failed check's message. */
const topUpFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, TOP_UP_RANGE_ERROR)
    .regex(/^\d+(\.\d{1,2})?$/, TOP_UP_CENTS_ERROR)
    .transform(Number)
    .pipe(z.number().min(TOP_UP_MIN, TOP_UP_RANGE_ERROR).max(TOP_UP_MAX, TOP_UP_RANGE_ERROR)),
});
type TopUpFormValues = z.input<typeof topUpFormSchema>;

/** "Top up balance": pay crypto into the reseller balance through the same checkout as orders. */
export function TopUpCard() {
  const payments = usePaymentsStatus();
  const createTopUp = useCreateTopUp();
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    clearErrors,
    formState: { errors },
  } = useForm<TopUpFormValues, unknown, { amount: number }>({
    resolver: zodResolver(topUpFormSchema),
    // The message stays until the next submit; typing clears it (the register onChange).
    reValidateMode: 'onSubmit',
    defaultValues: { amount: '' },
  });

  const submit = handleSubmit(async ({ amount }) => {
    try {
      const { checkoutUrl } = await createTopUp.mutateAsync(amount);
      if (checkoutUrl) {
        setLeaving(true);
        goToCheckout(checkoutUrl);
      }
    } catch (failure) {
      const amountError = getFieldErrors(failure).amount;
      if (amountError) setFieldError('amount', { type: 'server', message: amountError });
      else if (failure instanceof ApiError && failure.status === 503) setError(PAYMENTS_NOT_SET_UP);
      else setError(getErrorMessage(failure));
    }
  });

  const busy = createTopUp.isPending || leaving;
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex items-center gap-2">
        <PlusCircle aria-hidden="true" className="size-5 text-accent-text" />
        <h2 className="text-lg font-bold text-fg">Top up balance</h2>
      </div>
      {payments.isPending ? (
        <div
          role="status"
          aria-label="Loading payment options"
          className="mt-4 flex flex-col gap-3"
        >
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-40" />
        </div>
      ) : payments.data === 'off' ? (
        <p className="mt-3 text-sm text-fg-muted">
          {PAYMENTS_NOT_SET_UP} Ask the Stellar team to add balance to your account.
        </p>
      ) : (
        <form
          onSubmit={(event) => {
            setError(null);
            void submit(event);
          }}
          noValidate
          className="mt-4"
        >
          <TestModeBanner className="mb-4" />
          <FormField
            label="Amount (USD)"
            hint={`From ${usd(TOP_UP_MIN)} to ${usd(TOP_UP_MAX)}, paid in crypto.`}
            error={errors.amount?.message}
          >
            {(control) => (
              <div className="relative">
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-fg-muted"
                >
                  $
                </span>
                <Input
                  {...control}
                  inputMode="decimal"
                  autoComplete="off"
                  {...register('amount', { onChange: () => clearErrors('amount') })}
                  className="pl-7 tabular-nums"
                  placeholder="50.00"
                />
              </div>
            )}
          </FormField>
          {error && (
            <Alert tone="error" className="mt-4">
              {error}
            </Alert>
          )}
          <Button type="submit" className="mt-4 w-full" disabled={busy}>
            {busy ? (
              <Spinner className="size-4 text-accent-fg" />
            ) : (
              <Bitcoin aria-hidden="true" className="size-4" />
            )}
            {leaving ? 'Opening the payment page...' : 'Top up with crypto'}
          </Button>
        </form>
      )}
    </Card>
  );
}
