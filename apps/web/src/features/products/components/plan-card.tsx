import { formatDollars, planDiscount, type Plan } from '@stellar/shared';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import { checkoutPath, withNext } from './plan-links';

interface PlanCardProps {
  productSlug: string;
  plan: Plan;
  signedIn: boolean;
  /** Draws the eye to one card (the longest plan). */
  featured?: boolean;
}

/** One plan of the Pricing Options grid, with its Subscribe Now route. */
export function PlanCard({ productSlug, plan, signedIn, featured = false }: PlanCardProps) {
  const { originalPrice, savePercent } = planDiscount(plan.duration, plan.price);
  const checkout = checkoutPath(productSlug, plan.plan);
  const headingId = `plan-${productSlug}-${plan.durationDays}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex h-full flex-col rounded-2xl border bg-surface/80 p-6 sm:p-7',
        featured
          ? 'border-accent-text/60 shadow-2xl shadow-accent/20'
          : 'border-line hover:border-line-strong',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-bold text-fg">
            {plan.plan}
          </h3>
          <p className="mt-1 text-sm text-fg-muted">{plan.duration}</p>
        </div>
        {savePercent !== null && <Badge tone="success">Save {savePercent}%</Badge>}
      </div>

      <div className="mt-6 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        {originalPrice !== null && (
          <s className="text-lg text-fg-subtle decoration-fg-subtle/80">
            <span className="sr-only">Original price: </span>
            {formatDollars(originalPrice)}
          </s>
        )}
        <p className="text-4xl font-extrabold tracking-tight text-fg">
          {originalPrice !== null && <span className="sr-only">Price: </span>}
          <span>{formatDollars(plan.price)}</span>
        </p>
      </div>
      <p className="mt-1 text-sm text-fg-subtle">for {plan.duration.toLowerCase()}</p>

      <ul className="mt-6 flex flex-1 flex-col gap-2 text-sm text-fg-muted">
        <li className="flex gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          Every update included
        </li>
        <li className="flex gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          Support tickets and live chat
        </li>
      </ul>

      <Link
        to={signedIn ? checkout : withNext('/register', checkout)}
        className={buttonClasses({
          variant: featured ? 'primary' : 'secondary',
          size: 'lg',
          className: 'mt-8 w-full',
        })}
      >
        Subscribe Now
        <span className="sr-only">: {plan.plan}</span>
      </Link>
      {!signedIn && (
        <p className="mt-3 text-center text-sm text-fg-subtle">
          Have an account?{' '}
          <Link
            to={withNext('/login', checkout)}
            className="font-semibold text-accent-text underline-offset-4 hover:underline"
          >
            Log in<span className="sr-only"> to subscribe to the {plan.plan}</span>
          </Link>
        </p>
      )}
    </article>
  );
}
