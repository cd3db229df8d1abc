import { Bitcoin, PlusCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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

// "$10,000.00": formatDollars does not group thousands, which reads badly at this size.
const usd = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

export const TOP_UP_RANGE_ERROR = `Enter an amount between ${usd(TOP_UP_MIN)} and ${usd(TOP_UP_MAX)}.`;
export const TOP_UP_CENTS_ERROR = 'Use at most 2 decimals (whole cents).';

/** The amount typed, or the message saying why it cannot be topped up. */
export function checkTopUpAmount(text: string): { amount: number } | { error: string } {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return { error: TOP_UP_RANGE_ERROR };
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return { error: TOP_UP_CENTS_ERROR };
  const amount = Number(trimmed);
  if (amount < TOP_UP_MIN || amount > TOP_UP_MAX) return { error: TOP_UP_RANGE_ERROR };
  return { amount };
}

/** "Top up balance": pay crypto into the reseller balance through the same checkout as orders. */
export function TopUpCard() {
  const payments = usePaymentsStatus();
  const createTopUp = useCreateTopUp();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const checked = checkTopUpAmount(text);
    if ('error' in checked) {
      setFieldError(checked.error);
      return;
    }
    setFieldError(undefined);
    try {
      const { checkoutUrl } = await createTopUp.mutateAsync(checked.amount);
      if (checkoutUrl) {
        setLeaving(true);
        goToCheckout(checkoutUrl);
      }
    } catch (failure) {
      const amountError = getFieldErrors(failure).amount;
      if (amountError) setFieldError(amountError);
      else if (failure instanceof ApiError && failure.status === 503) setError(PAYMENTS_NOT_SET_UP);
      else setError(getErrorMessage(failure));
    }
  };

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
        <form onSubmit={(event) => void submit(event)} noValidate className="mt-4">
          <TestModeBanner className="mb-4" />
          <FormField
            label="Amount (USD)"
            hint={`From ${usd(TOP_UP_MIN)} to ${usd(TOP_UP_MAX)}, paid in crypto.`}
            error={fieldError}
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
                  value={text}
                  onChange={(event) => {
                    setText(event.target.value);
                    setFieldError(undefined);
                  }}
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
