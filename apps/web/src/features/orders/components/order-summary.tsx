import { formatDollars, type Plan, type Product } from '@stellar/shared';
import { Bitcoin, Tag } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { useCreateOrder } from '../api/create-order';
import { PAYMENTS_NOT_SET_UP, type Order } from '../api/order-schemas';
import { goToCheckout } from '../go-to-checkout';

interface OrderSummaryProps {
  product: Product;
  plan: Plan;
}

/** The order created by "Apply" or "Pay with crypto", with the coupon it was made with. */
interface Quote {
  order: Order;
  checkoutUrl: string | null;
  coupon: string;
}

/**
 * Checkout's order summary: product, plan, price, an optional coupon the server checks, the total and
 * "Pay with crypto". There is no price preview in the API, so "Apply" creates the order (the server's
 * price snapshot) and "Pay with crypto" then uses that same order.
 */
export function OrderSummary({ product, plan }: OrderSummaryProps) {
  const couponId = useId();
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const [coupon, setCoupon] = useState('');
  const [quote, setQuote] = useState<Quote | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const code = coupon.trim();
  const current = quote && quote.coupon === code ? quote : null;

  const place = async (): Promise<Quote | null> => {
    setCouponError(null);
    setError(null);
    try {
      const { order, checkoutUrl } = await createOrder.mutateAsync({
        productId: product._id,
        plan: plan.plan,
        ...(code ? { coupon: code } : {}),
      });
      const next = { order, checkoutUrl, coupon: code };
      setQuote(next);
      return next;
    } catch (failure) {
      const fieldError = getFieldErrors(failure).coupon;
      if (fieldError) setCouponError(fieldError);
      else if (failure instanceof ApiError && failure.status === 503) setError(PAYMENTS_NOT_SET_UP);
      else setError(getErrorMessage(failure));
      return null;
    }
  };

  // Nothing left to pay (a 100 % coupon): the server delivered already; the order page shows it.
  const proceed = (next: Quote) => {
    if (next.checkoutUrl) {
      setLeaving(true);
      goToCheckout(next.checkoutUrl);
    } else {
      void navigate(`/orders/${encodeURIComponent(next.order._id)}`);
    }
  };

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!code) {
      setCouponError('Enter a coupon code.');
      return;
    }
    const next = await place();
    if (next && !next.checkoutUrl) proceed(next);
  };

  const pay = async () => {
    const next = current ?? (await place());
    if (next) proceed(next);
  };

  const total = current ? current.order.amount : plan.price;
  const discount = plan.price - total;
  const busy = createOrder.isPending || leaving;

  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-xl font-bold text-fg">Order summary</h2>
      <dl className="mt-5 grid gap-3 text-sm">
        <Row term="Product">{product.title}</Row>
        <Row term="Plan">
          {plan.plan} <span className="text-fg-muted">({plan.duration})</span>
        </Row>
        <Row term="Price">{formatDollars(plan.price)}</Row>
        {current?.coupon && (
          <Row term={`Coupon ${current.coupon}`}>
            <span className="text-success">{formatDollars(-discount)}</span>
          </Row>
        )}
      </dl>

      <form onSubmit={(event) => void apply(event)} className="mt-5 border-t border-line pt-5">
        <Label htmlFor={couponId}>Coupon code (optional)</Label>
        <div className="mt-1.5 flex gap-2">
          <Input
            id={couponId}
            value={coupon}
            onChange={(event) => {
              setCoupon(event.target.value);
              setCouponError(null);
            }}
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            aria-invalid={Boolean(couponError)}
            aria-describedby={couponError ? `${couponId}-error` : undefined}
            className="min-w-0 flex-1 font-mono"
            placeholder="e.g. SPRING20"
          />
          <Button type="submit" variant="secondary" disabled={busy} className="h-11 shrink-0">
            <Tag aria-hidden="true" className="size-4" />
            Apply
          </Button>
        </div>
        <div aria-live="polite">
          <FieldError id={`${couponId}-error`} message={couponError ?? undefined} />
        </div>
        {current?.coupon && !couponError && (
          <p role="status" className="mt-2 text-sm text-success">
            Coupon {current.coupon} applied.
          </p>
        )}
      </form>

      <div className="mt-5 flex items-baseline justify-between gap-3 border-t border-line pt-5">
        <p className="font-semibold text-fg">Total</p>
        <p
          className="text-3xl font-extrabold tracking-tight text-fg tabular-nums"
          data-testid="order-total"
        >
          {formatDollars(total)}
        </p>
      </div>

      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}

      <Button size="lg" className="mt-5 w-full" onClick={() => void pay()} disabled={busy}>
        {busy ? (
          <Spinner className="size-4 text-accent-fg" />
        ) : (
          <Bitcoin aria-hidden="true" className="size-5" />
        )}
        {leaving ? 'Opening the payment page...' : 'Pay with crypto'}
      </Button>
      <p className="mt-3 text-center text-sm text-fg-muted">
        You pay on a secure crypto payment page, then come back here to your order.
      </p>
    </Card>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-fg-muted">{term}</dt>
      <dd className="text-right font-medium text-fg">{children}</dd>
    </div>
  );
}
