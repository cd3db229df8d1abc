import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { applyFieldErrors } from '@/lib/form-errors';
import { useAdjustResellerBalance } from '../api/adjust-reseller-balance';
import type { ResellerEntry } from '../api/get-resellers';
import { formatDollars } from '@stellar/shared';
import { reportAdminError } from './report-admin-error';

const balanceFormSchema = z.object({
  direction: z.enum(['credit', 'debit']),
  amount: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount in dollars, with at most 2 decimals.')
    .refine((value) => Number(value) > 0, 'Amount must not be zero.'),
  reason: z.string().trim().min(1, 'A reason is required.').max(200, 'Reason is too long'),
});
type BalanceFormValues = z.infer<typeof balanceFormSchema>;
const FIELDS = ['amount', 'reason'] as const;

/** Credit or debit a reseller's balance with a reason; shows the new balance. */
export function BalanceForm({ reseller }: { reseller: ResellerEntry }) {
  const adjust = useAdjustResellerBalance();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BalanceFormValues>({
    resolver: zodResolver(balanceFormSchema),
    defaultValues: { direction: 'credit', amount: '', reason: '' },
  });

  const onSubmit = handleSubmit(async ({ direction, amount, reason }) => {
    setResult(null);
    const dollars = Number(amount) * (direction === 'debit' ? -1 : 1);
    try {
      const { balance } = await adjust.mutateAsync({
        resellerId: reseller._id,
        amount: dollars,
        reason,
      });
      reset({ direction, amount: '', reason: '' });
      setResult({ tone: 'success', text: `New balance: ${formatDollars(balance)}` });
    } catch (error) {
      const message = reportAdminError(`adjust the balance of ${reseller.username}`, error);
      if (!applyFieldErrors<BalanceFormValues>(error, FIELDS, setError)) {
        setResult({ tone: 'error', text: message });
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-auto border-t border-line pt-4">
      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
        <legend className="mb-2 text-sm font-medium text-fg-muted">Adjust balance</legend>
        <FormField label="Type">
          {(control) => (
            <Select {...control} {...register('direction')}>
              <option value="credit">Credit</option>
              <option value="debit">Debit</option>
            </Select>
          )}
        </FormField>
        <FormField label="Amount ($)" error={errors.amount?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('amount')}
              inputMode="decimal"
              placeholder="0.00"
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField label="Reason" error={errors.reason?.message} className="sm:col-span-2">
          {(control) => (
            <Input {...control} {...register('reason')} maxLength={200} autoComplete="off" />
          )}
        </FormField>
      </fieldset>
      {result && (
        <Alert tone={result.tone} className="mt-3">
          {result.text}
        </Alert>
      )}
      <Button type="submit" variant="secondary" className="mt-3" disabled={isSubmitting}>
        {isSubmitting && <Spinner className="size-4" />}
        Apply
      </Button>
    </form>
  );
}
