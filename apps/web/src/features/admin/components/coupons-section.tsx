import { formatDollars, type Coupon } from '@stellar/shared';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useCoupons } from '../api/get-coupons';
import { useUpdateCoupon } from '../api/update-coupon';
import { CouponForm } from './coupon-form';
import { reportAdminError } from './report-admin-error';
import { EmptyState, SectionHeading } from './section-heading';
import type { Feedback, ReportFeedback } from './user-feedback';

const discountOf = (c: Coupon) =>
  c.percentOff !== undefined ? `${c.percentOff}% off` : `${formatDollars(c.amountOff ?? 0)} off`;

function CouponRow({ coupon, onFeedback }: { coupon: Coupon; onFeedback: ReportFeedback }) {
  const update = useUpdateCoupon();
  const toggle = (active: boolean) =>
    update.mutate(
      { id: coupon._id, active },
      {
        onSuccess: (c) =>
          onFeedback({
            tone: 'success',
            text: `Coupon ${c.code} ${c.active ? 'enabled' : 'disabled'}.`,
          }),
        onError: (error) =>
          onFeedback({
            tone: 'error',
            text: reportAdminError(`update coupon ${coupon.code}`, error),
          }),
      },
    );
  const expired = coupon.expiresAt !== null && new Date(coupon.expiresAt).getTime() <= Date.now();
  return (
    <Card className="flex flex-col gap-3 p-4 text-sm sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-semibold break-all text-fg">{coupon.code}</span>
          <Badge tone={coupon.active && !expired ? 'success' : 'neutral'}>
            {!coupon.active ? 'Disabled' : expired ? 'Expired' : 'Active'}
          </Badge>
        </div>
        <p className="mt-1 text-fg-muted">
          {discountOf(coupon)} · {coupon.product ?? 'Any product'}
        </p>
        <p className="mt-1 text-xs text-fg-subtle">
          Used {coupon.uses} of {coupon.maxUses ?? 'unlimited'} ·{' '}
          {coupon.expiresAt ? (
            <>
              expires <time dateTime={coupon.expiresAt}>{formatTimestamp(coupon.expiresAt)}</time>
            </>
          ) : (
            'no expiry'
          )}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="text-sm text-fg-muted">
          Active
        </span>
        <Switch
          aria-label={`Coupon ${coupon.code} active`}
          checked={coupon.active}
          disabled={update.isPending}
          onCheckedChange={toggle}
        />
      </div>
    </Card>
  );
}

/** Coupons: create, list, turn on or off. Applied by members at checkout. */
export function CouponsSection() {
  const coupons = useCoupons();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  return (
    <>
      <SectionHeading
        title="Coupons"
        description="Discount codes members enter at checkout: percent or dollars off, for one product or any."
      />
      <CouponForm onFeedback={setFeedback} />
      {feedback && (
        <Alert tone={feedback.tone} className="mt-4">
          {feedback.text}
        </Alert>
      )}
      <div className="mt-6">
        {coupons.isPending ? (
          <div role="status" aria-label="Loading coupons" className="flex flex-col gap-3">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-20" />
            ))}
          </div>
        ) : coupons.isError ? (
          <Alert tone="error" title="The coupons could not be loaded.">
            {getErrorMessage(coupons.error)}
          </Alert>
        ) : coupons.data.length === 0 ? (
          <EmptyState>No coupons yet.</EmptyState>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Coupons">
            {coupons.data.map((coupon) => (
              <li key={coupon._id}>
                <CouponRow coupon={coupon} onFeedback={setFeedback} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
