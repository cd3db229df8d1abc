import { formatDollars, type Plan } from '@stellar/shared';
import { cn } from '@/lib/class-names';

interface PlanChoiceProps {
  plans: Plan[];
  value: string;
  onChange: (plan: string) => void;
  disabled?: boolean;
}

/** The plan choice as radio cards: name, duration and price. */
export function PlanChoice({ plans, value, onChange, disabled }: PlanChoiceProps) {
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="text-sm font-medium text-fg">Plan</legend>
      {plans.length === 0 ? (
        <p className="mt-1.5 rounded-lg border border-dashed border-line-strong px-3 py-3 text-sm text-fg-subtle">
          Select a product to see its plans.
        </p>
      ) : (
        <div className="mt-1.5 grid gap-2 sm:grid-cols-3">
          {plans.map((plan) => (
            <label
              key={plan.plan}
              className={cn(
                'relative flex cursor-pointer flex-col rounded-xl border border-line-strong bg-surface px-4 py-3 transition-colors hover:border-accent-text/60',
                'has-checked:border-accent-text has-checked:bg-accent/10 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus',
              )}
            >
              <input
                type="radio"
                name="plan"
                value={plan.plan}
                checked={value === plan.plan}
                onChange={() => onChange(plan.plan)}
                className="sr-only"
              />
              <span className="font-semibold text-fg">{plan.plan}</span>
              <span className="text-sm text-fg-muted">{plan.duration}</span>
              <span className="mt-2 text-lg font-bold text-fg tabular-nums">
                {formatDollars(plan.price)}
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
