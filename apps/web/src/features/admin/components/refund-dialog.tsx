import type { AdminOrder } from '@stellar/shared';
import { formatDollars } from '@stellar/shared';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { getFieldErrors } from '@/lib/api-client';
import { useRefundOrder } from '../api/refund-order';
import { orderItem } from './order-status';
import { reportAdminError } from './report-admin-error';
import type { ReportFeedback } from './user-feedback';

const REASON_REQUIRED = 'A reason is required.';

interface RefundDialogProps {
  order: AdminOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onFeedback: ReportFeedback;
}

/** Refund a paid order with a required reason; the coins themselves go back from BTCPay. */
export function RefundDialog({ order, open, onOpenChange, onFeedback }: RefundDialogProps) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const refund = useRefundOrder();
  const takesBack =
    order.kind === 'top_up'
      ? `${formatDollars(order.amount)} leaves ${order.buyer.username}'s balance.`
      : `The licence loses the ${order.deliveredDays ?? 0} days this order gave (never below now).`;

  const confirm = async () => {
    setError(null);
    if (!reason.trim()) {
      setReasonError(REASON_REQUIRED);
      reasonRef.current?.focus();
      return;
    }
    setReasonError(undefined);
    try {
      const reply = await refund.mutateAsync({ orderId: order._id, reason });
      onOpenChange(false);
      setReason('');
      onFeedback({ tone: 'success', text: reply.message });
    } catch (failure) {
      const message = reportAdminError(`refund order ${order._id}`, failure);
      const fieldError = getFieldErrors(failure).reason;
      if (fieldError) {
        setReasonError(fieldError);
        reasonRef.current?.focus();
      } else setError(message);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setError(null);
          setReasonError(undefined);
        }
        onOpenChange(next);
      }}
      title={`Refund ${formatDollars(order.amount)} to ${order.buyer.username}?`}
      description={
        <>
          {orderItem(order)}. {takesBack} Stellar only records the refund: send the coins back from
          BTCPay Server.
        </>
      }
      confirmLabel="Mark refunded"
      onConfirm={confirm}
      pending={refund.isPending}
      error={error}
    >
      <FormField label="Reason" error={reasonError}>
        {(control) => (
          <Textarea
            {...control}
            ref={reasonRef}
            rows={3}
            maxLength={500}
            aria-required="true"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </FormField>
    </ConfirmDialog>
  );
}
