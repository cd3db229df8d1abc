import { formatDollars, planDiscount, type Plan, type Product } from '@stellar/shared';
import { Bitcoin, KeyRound, MessageSquare, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/class-names';
import { DISCORD_INVITE_URL } from '@/lib/external-links';
import {
  OrderSummary,
  PAYMENTS_NOT_SET_UP,
  TestModeBanner,
  usePaymentsStatus,
} from '@/features/orders';
import { useProducts } from '../api/get-products';
import { planSlug } from '../components/plan-links';
import { ProductSkeleton } from '../components/product-skeletons';
import { ProductNotFound, ProductsError } from '../components/product-states';

/**
 * /checkout/:slug?plan=...: the order summary and "Pay with crypto" when payments are set up (BTCPay or
 * test mode); otherwise the payment routes the FAQ names (docs/product.md#decisions), saying payments are not
 * set up.
 */
export function CheckoutRoute() {
  const { slug } = useParams();
  const products = useProducts();
  const payments = usePaymentsStatus();
  const [searchParams, setSearchParams] = useSearchParams();

  if (products.isPending || payments.isPending) return <ProductSkeleton />;
  if (products.isError || payments.isError) {
    return (
      <ProductsError
        message={getErrorMessage(products.error ?? payments.error)}
        onRetry={() => {
          if (products.isError) void products.refetch();
          if (payments.isError) void payments.refetch();
        }}
      />
    );
  }
  const product = products.data.find((candidate) => candidate.slug === slug);
  if (!product) return <ProductNotFound />;
  const wanted = searchParams.get('plan');
  const plan = product.pricing.find((candidate) => planSlug(candidate.plan) === wanted) ?? null;
  const online = payments.data !== 'off';

  return (
    <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6 sm:py-16 lg:px-8">
      <title>{`Checkout: ${product.title} · Stellar`}</title>
      <TestModeBanner className="mb-8" />
      <p className="text-sm font-semibold tracking-widest text-accent-text uppercase">Checkout</p>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">
        {product.title}
      </h1>

      <PlanPicker
        product={product}
        selected={plan}
        // flushSync: the router's default startTransition let React put the controlled radio back
        // until the transition committed, so a click on a busy phone showed no change for a moment.
        onSelect={(next) =>
          setSearchParams({ plan: planSlug(next.plan) }, { replace: true, flushSync: true })
        }
      />

      {online ? (
        <>
          <div className="mt-8 grid items-start gap-6 md:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)]">
            {plan ? (
              <OrderSummary key={plan.plan} product={product} plan={plan} />
            ) : (
              <p className="rounded-xl border border-dashed border-line-strong px-5 py-6 text-center text-sm text-fg-muted">
                Choose a plan above to see your order summary.
              </p>
            )}
            <HowPayingWorks />
          </div>
          <h2 className="mt-12 text-2xl font-bold tracking-tight text-fg">Other ways to pay</h2>
          <div className="mt-6">
            <ResellerRoute />
          </div>
        </>
      ) : (
        <>
          <Alert tone="info" title={PAYMENTS_NOT_SET_UP} className="mt-8">
            Card and cryptocurrency payments cannot be processed on this site yet. Until then, use
            one of the routes below: our team or a reseller gives you a licence key, and you redeem
            it on your dashboard.
          </Alert>

          <h2 className="mt-12 text-2xl font-bold tracking-tight text-fg">How to pay</h2>
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            <PaymentRoute
              icon={<Bitcoin aria-hidden="true" className="size-6" />}
              title="Pay with cryptocurrency"
              badge="Direct from Stellar"
            >
              <p>
                Stellar sells directly for cryptocurrency only. Open a support ticket with the
                product and plan you want, and our team will send you the payment details and your
                key.
              </p>
              <Link to="/contact" className={buttonClasses({ className: 'mt-5' })}>
                <MessageSquare aria-hidden="true" className="size-4" />
                Contact Support
              </Link>
            </PaymentRoute>
            <ResellerRoute />
          </div>
        </>
      )}

      <Card className="mt-6 flex flex-col gap-5 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-4">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent-text">
            <KeyRound aria-hidden="true" className="size-6" />
          </span>
          <div>
            <h2 className="text-lg font-bold text-fg">Already have a key?</h2>
            <p className="mt-1 text-sm text-fg-muted">
              Redeem it in the Redeem Key section of your dashboard to activate your plan.
            </p>
          </div>
        </div>
        <Link
          to="/user-dashboard#redeem-key"
          className={buttonClasses({ variant: 'secondary', className: 'shrink-0' })}
        >
          Go to Redeem Key
        </Link>
      </Card>
    </div>
  );
}

/** The reseller route, whatever the payment mode: PayPal, cards and Robux go through resellers. */
function ResellerRoute() {
  return (
    <PaymentRoute
      icon={<Store aria-hidden="true" className="size-6" />}
      title="Buy from a reseller"
      badge="PayPal, cards, Robux"
    >
      <p>
        Prefer another method? Our authorised resellers accept PayPal, credit cards, Robux and more,
        and send you a licence key. Ask for the current list of resellers on our Discord.
      </p>
      <a
        href={DISCORD_INVITE_URL}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses({ variant: 'secondary', className: 'mt-5' })}
      >
        Join Discord
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </PaymentRoute>
  );
}

/** What happens after "Pay with crypto", beside the order summary. */
function HowPayingWorks() {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-xl font-bold text-fg">How it works</h2>
      <ol className="mt-4 flex list-inside list-decimal flex-col gap-3 text-sm leading-relaxed text-fg-muted marker:font-semibold marker:text-accent-text">
        <li>Pay with crypto on the secure payment page (the invoice stays open for 30 minutes).</li>
        <li>You come back to your order page, which follows the payment as it confirms.</li>
        <li>Your licence is created or extended the moment the payment is confirmed.</li>
      </ol>
    </Card>
  );
}

interface PlanPickerProps {
  product: Product;
  selected: Plan | null;
  onSelect: (plan: Plan) => void;
}

function PlanPicker({ product, selected, onSelect }: PlanPickerProps) {
  return (
    <fieldset className="mt-8">
      <legend className="text-sm font-medium text-fg-muted">
        {selected ? 'Your plan' : 'Choose a plan'}
      </legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {product.pricing.map((plan) => {
          const checked = selected?.plan === plan.plan;
          const { savePercent } = planDiscount(plan.duration, plan.price);
          return (
            <label
              key={plan.plan}
              className={cn(
                'flex cursor-pointer flex-col gap-1 rounded-xl border bg-surface/80 p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus',
                checked ? 'border-accent-text' : 'border-line hover:border-line-strong',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="flex items-center gap-2 font-semibold text-fg">
                  <input
                    type="radio"
                    name="plan"
                    checked={checked}
                    onChange={() => onSelect(plan)}
                    className="size-4 accent-accent"
                  />
                  {plan.plan}
                </span>
                {savePercent !== null && <Badge tone="success">Save {savePercent}%</Badge>}
              </span>
              <span className="text-sm text-fg-muted">
                {plan.duration} ·{' '}
                <span className="font-semibold text-fg">{formatDollars(plan.price)}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

interface PaymentRouteProps {
  icon: ReactNode;
  title: string;
  badge: string;
  children: ReactNode;
}

function PaymentRoute({ icon, title, badge, children }: PaymentRouteProps) {
  return (
    <Card className="flex flex-col p-6">
      <div className="flex items-center justify-between gap-3">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-accent/15 text-accent-text">
          {icon}
        </span>
        <Badge tone="accent">{badge}</Badge>
      </div>
      <h3 className="mt-5 text-lg font-bold text-fg">{title}</h3>
      <div className="mt-2 flex flex-1 flex-col items-start text-sm leading-relaxed text-fg-muted">
        {children}
      </div>
    </Card>
  );
}
