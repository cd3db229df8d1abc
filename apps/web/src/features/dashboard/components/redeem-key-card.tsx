import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, redeemKeyBodySchema } from '@stellar/shared';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/class-names';
import { useRedeemKey } from '../api/redeem-key';

export const KEY_REDEEMED = MESSAGES.keyRedeemed;
export const KEY_INVALID = MESSAGES.invalidKey;

type RedeemKeyForm = z.input<typeof redeemKeyBodySchema>;

type Result = { tone: 'success' | 'error'; text: string } | null;

/** A refusal says the key is no good; no answer or a rate limit is said as such. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && (error.status === 0 || error.status === 429)) {
    return getErrorMessage(error);
  }
  return KEY_INVALID;
}

/** The spec's Redeem Key section: the success text, any other answer in red, or the failure text. */
export function RedeemKeyCard() {
  const redeem = useRedeemKey();
  const [result, setResult] = useState<Result>(null);
  const { register, handleSubmit, reset } = useForm<
    RedeemKeyForm,
    unknown,
    z.output<typeof redeemKeyBodySchema>
  >({
    resolver: zodResolver(redeemKeyBodySchema),
    defaultValues: { keyCode: '' },
  });

  // The schema's message ("Key is required.") is shown where every result is, not under the field.
  const submit = handleSubmit(
    async ({ keyCode }) => {
      setResult(null);
      try {
        const { message } = await redeem.mutateAsync(keyCode);
        const ok = message === KEY_REDEEMED;
        setResult({ tone: ok ? 'success' : 'error', text: message });
        if (ok) reset();
      } catch (error) {
        setResult({ tone: 'error', text: failureText(error) });
      }
    },
    (errors) => setResult({ tone: 'error', text: errors.keyCode?.message ?? MESSAGES.keyRequired }),
  );

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="redeem-key-heading">
        <div className="flex items-center gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent/15 text-accent-text">
            <KeyRound aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h2 id="redeem-key-heading" className="text-lg font-semibold text-fg">
              Redeem Key
            </h2>
            <p className="text-sm text-fg-muted">
              A voucher key from a reseller adds its plan to your product, or extends it if you
              already own it. The tool then uses the licence key shown on the product.
            </p>
          </div>
        </div>
        <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-3 sm:flex-row">
          <div className="flex-1">
            <Label htmlFor="redeem-key-input" className="sr-only">
              Voucher key
            </Label>
            <Input
              id="redeem-key-input"
              {...register('keyCode')}
              placeholder="STLR-XXXXX-XXXXX-XXXXX-XXXXX"
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              aria-invalid={result?.tone === 'error'}
              aria-describedby={result ? 'redeem-key-result' : undefined}
              className="font-mono"
            />
          </div>
          <Button type="submit" size="lg" disabled={redeem.isPending} className="sm:h-11">
            {redeem.isPending && <Spinner className="size-4 text-accent-fg" />}
            Redeem
          </Button>
        </form>
        {/* Always present, so screen readers hear each new result in the live region. */}
        <p
          id="redeem-key-result"
          role={result?.tone === 'error' ? 'alert' : 'status'}
          className={cn(
            'text-sm font-medium',
            result && 'mt-3',
            result?.tone === 'error' ? 'text-danger' : 'text-success',
          )}
        >
          {result?.text}
        </p>
      </section>
    </Card>
  );
}
