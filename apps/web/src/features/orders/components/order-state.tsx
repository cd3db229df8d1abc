import {
  CircleAlert,
  CircleCheck,
  Clock,
  ExternalLink,
  Hourglass,
  RotateCcw,
  RotateCw,
  Undo2,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { checkoutPath, useCatalogue } from '@/features/products';
import { useCreateOrder } from '../api/create-order';
import type { Order } from '../api/order-schemas';
import { goToCheckout } from '../go-to-checkout';
import { DeliveredLicence } from './delivered-licence';

export const ORDER_HEADINGS: Record<Order['status'], string> = {
  pending: 'Waiting for payment',
  processing: 'Payment seen, waiting for confirmations',
  paid: 'Payment received',
  expired: 'This order expired',
  needs_attention: 'This payment needs our attention',
  refunded: 'This order was refunded',
};

const ICONS: Record<Order['status'], ReactNode> = {
  pending: <Clock aria-hidden="true" className="size-6" />,
  processing: <Hourglass aria-hidden="true" className="size-6" />,
  paid: <CircleCheck aria-hidden="true" className="size-6" />,
  expired: <RotateCcw aria-hidden="true" className="size-6" />,
  needs_attention: <CircleAlert aria-hidden="true" className="size-6" />,
  refunded: <Undo2 aria-hidden="true" className="size-6" />,
};

const ICON_TONE: Record<Order['status'], string> = {
  pending: 'bg-accent/15 text-accent-text',
  processing: 'bg-warning-bg text-warning',
  paid: 'bg-success-bg text-success',
  expired: 'bg-surface-raised text-fg-muted',
  needs_attention: 'bg-danger-bg text-danger',
  refunded: 'bg-surface-raised text-fg-muted',
};

/** Where the order stands and what the member can do next; announced when it changes. */
export function OrderState({ order }: { order: Order }) {
  return (
    <div>
      <div className="flex items-start gap-4">
        <span
          className={`inline-flex size-12 shrink-0 items-center justify-center rounded-xl ${ICON_TONE[order.status]}`}
        >
          {ICONS[order.status]}
        </span>
        <div className="min-w-0">
          {/* Announced when a poll moves the order on. */}
          <div role="status">
            <h2 className="text-xl font-bold text-fg" data-testid="order-state">
              {ORDER_HEADINGS[order.status]}
            </h2>
          </div>
          <StateBody order={order} />
        </div>
      </div>
      {order.status === 'paid' && (
        <DeliveredLicence licenceId={order.licenceId} productId={order.productId} />
      )}
    </div>
  );
}

function StateBody({ order }: { order: Order }) {
  switch (order.status) {
    case 'pending':
      return (
        <>
          <Text>
            The invoice stays open for 30 minutes. This page updates by itself as soon as your
            payment is seen; you do not need to reload it.
          </Text>
          <BackToCheckout order={order} />
        </>
      );
    case 'processing':
      return (
        <Text>
          Your payment reached the network. Your licence is delivered as soon as it is confirmed,
          which can take a few minutes. You can keep this page open or come back later.
        </Text>
      );
    case 'paid':
      return <Text>Thank you! Your licence is ready.</Text>;
    case 'expired':
      return (
        <>
          <Text>The invoice expired before a payment arrived. You can start a new one.</Text>
          <TryAgain order={order} />
        </>
      );
    case 'needs_attention':
      return (
        <>
          <Text>
            Something about this payment needs a person to look at it (for example a partial, late
            or different amount). Nothing is lost: open a support ticket with the order ID below as
            the transaction ID, and our team will sort it out.
          </Text>
          <Link to="/contact" className={buttonClasses({ className: 'mt-4' })}>
            Open a support ticket
          </Link>
        </>
      );
    case 'refunded':
      return (
        <Text>
          The payment was refunded and the days this order added were taken off your licence.
        </Text>
      );
  }
}

function Text({ children }: { children: ReactNode }) {
  return <p className="mt-1 text-sm leading-relaxed text-fg-muted">{children}</p>;
}

/** A pending order's way back: its own payment page when the server gives it, else the checkout. */
function BackToCheckout({ order }: { order: Order }) {
  const catalogue = useCatalogue();
  if (order.checkoutUrl) {
    return (
      <a href={order.checkoutUrl} className={buttonClasses({ className: 'mt-4' })}>
        <ExternalLink aria-hidden="true" className="size-4" />
        Back to the payment page
      </a>
    );
  }
  const product = catalogue.find((item) => item._id === order.productId);
  if (!product) return null;
  return (
    <Link
      to={checkoutPath(product.slug, order.plan)}
      className={buttonClasses({ variant: 'secondary', className: 'mt-4' })}
    >
      Back to checkout
    </Link>
  );
}

/** A new order for the same plan (and coupon), straight to its payment page. */
function TryAgain({ order }: { order: Order }) {
  const createOrder = useCreateOrder();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const retry = async () => {
    setError(null);
    try {
      const next = await createOrder.mutateAsync({
        productId: order.productId,
        plan: order.plan,
        ...(order.coupon ? { coupon: order.coupon } : {}),
      });
      if (next.checkoutUrl) {
        setLeaving(true);
        goToCheckout(next.checkoutUrl);
      } else {
        void navigate(`/orders/${encodeURIComponent(next.order._id)}`);
      }
    } catch (failure) {
      setError(getFieldErrors(failure).coupon ?? getErrorMessage(failure));
    }
  };

  const busy = createOrder.isPending || leaving;
  return (
    <div className="mt-4">
      <Button onClick={() => void retry()} disabled={busy}>
        {busy ? (
          <Spinner className="size-4 text-accent-fg" />
        ) : (
          <RotateCw aria-hidden="true" className="size-4" />
        )}
        Try again
      </Button>
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
    </div>
  );
}
