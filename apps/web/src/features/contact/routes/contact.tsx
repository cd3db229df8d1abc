import { TICKET_PRIORITIES, TICKET_REASONS } from '@stellar/shared';
import { Clock, LifeBuoy, LogIn, MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { getServerMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { useSessionToken } from '@/lib/session';
import { useCurrentUser } from '@/lib/auth';
import { useCreateTicket, type CreateTicketInput } from '@/features/tickets';

type TicketPriority = CreateTicketInput['priority'];
type TicketReason = CreateTicketInput['reason'];

export const USER_NOT_LOADED = 'User data is not loaded yet. Please try again later.';
export const TICKET_SUBMIT_ERROR = 'Error submitting ticket';

interface ContactForm {
  transactionId: string;
  message: string;
  priority: TicketPriority;
  reason: TicketReason;
}
const FIELDS = ['transactionId', 'message', 'priority', 'reason'] as const;

/** /contact: the Contact Support form; it opens a ticket and goes to it. Members only. */
export function ContactRoute() {
  const signedIn = useSessionToken() !== null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
      <title>Contact Support · Stellar</title>
      <div className="grid gap-10 lg:grid-cols-[1fr_1.4fr] lg:gap-14">
        <header>
          <p className="text-sm font-semibold tracking-widest text-accent-text uppercase">
            Support
          </p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-fg">Contact Support</h1>
          <p className="mt-4 text-lg text-pretty text-fg-muted">
            Tell us what happened and we&apos;ll pick it up in a support ticket. You can follow the
            conversation on the ticket page and from your dashboard.
          </p>
          <ul className="mt-8 flex flex-col gap-4 text-sm text-fg-muted">
            <li className="flex gap-3">
              <Clock aria-hidden="true" className="size-5 shrink-0 text-accent-text" />
              Set the priority to High only when you cannot use a product you paid for.
            </li>
            <li className="flex gap-3">
              <MessagesSquare aria-hidden="true" className="size-5 shrink-0 text-accent-text" />
              Add the transaction ID of a payment so we can find it quickly.
            </li>
            <li className="flex gap-3">
              <LifeBuoy aria-hidden="true" className="size-5 shrink-0 text-accent-text" />
              Many answers are already in the FAQ on the home page.
            </li>
          </ul>
        </header>
        <Card className="p-6 sm:p-8">{signedIn ? <ContactFormCard /> : <LoginPrompt />}</Card>
      </div>
    </div>
  );
}

function LoginPrompt() {
  return (
    <div className="flex flex-col items-start">
      <h2 className="text-xl font-bold text-fg">Log in to contact support</h2>
      <p className="mt-2 text-fg-muted">
        Support tickets belong to your account, so you need to be signed in to open one.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/login" state={{ from: '/contact' }} className={buttonClasses()}>
          <LogIn aria-hidden="true" className="size-4" />
          Login
        </Link>
        <Link
          to={`/register?next=${encodeURIComponent('/contact')}`}
          className={buttonClasses({ variant: 'secondary' })}
        >
          Create an account
        </Link>
      </div>
    </div>
  );
}

function ContactFormCard() {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const createTicket = useCreateTicket();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactForm>({
    defaultValues: { transactionId: '', message: '', priority: 'Low', reason: 'General Inquiry' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (!user) {
      setFormError(USER_NOT_LOADED);
      return;
    }
    try {
      const { id } = await createTicket.mutateAsync({
        username: user.username,
        userId: user._id,
        ...values,
      });
      await navigate(`/ticket/${encodeURIComponent(id)}`);
    } catch (error) {
      if (applyFieldErrors<ContactForm>(error, FIELDS, setError)) return;
      setFormError(getServerMessage(error, TICKET_SUBMIT_ERROR));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div>
        <h2 className="text-xl font-bold text-fg">Open a ticket</h2>
        <p className="mt-1 text-sm text-fg-subtle">
          {user ? (
            <>
              Opening as <span className="font-semibold text-fg">{user.username}</span>
            </>
          ) : (
            'Loading your account...'
          )}
        </p>
      </div>
      {formError && <Alert tone="error">{formError}</Alert>}
      <FormField
        label="Transaction ID (optional, if applicable)"
        error={errors.transactionId?.message}
      >
        {(control) => <Input {...control} {...register('transactionId')} spellCheck={false} />}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Priority" error={errors.priority?.message}>
          {(control) => (
            <Select {...control} {...register('priority')}>
              {TICKET_PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {priority}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Reason" error={errors.reason?.message}>
          {(control) => (
            <Select {...control} {...register('reason')}>
              {TICKET_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField label="Message" error={errors.message?.message}>
        {(control) => (
          <Textarea
            {...control}
            {...register('message')}
            rows={7}
            placeholder="Describe the problem or question in as much detail as you can."
          />
        )}
      </FormField>
      <Button
        type="submit"
        size="lg"
        disabled={isSubmitting}
        className="w-full sm:w-auto sm:self-end"
      >
        {isSubmitting && <Spinner className="size-4 text-accent-fg" />}
        {isSubmitting ? 'Submitting...' : 'Submit Ticket'}
      </Button>
    </form>
  );
}
