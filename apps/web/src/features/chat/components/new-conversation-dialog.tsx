import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import {
  SUPPORT_LIMITS,
  TICKET_PRIORITIES,
  TICKET_REASONS,
  type CurrentUser,
} from '@stellar/shared';
import { Plus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Select, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { getServerMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { USER_MISSING, useCreateTicket } from '@/features/tickets';

/** The contact form's failure text: this form opens a ticket the same way. */
export const CREATE_FAILED = 'Error submitting ticket';

const formSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .max(
      SUPPORT_LIMITS.ticketMessageMax,
      `Message must be at most ${SUPPORT_LIMITS.ticketMessageMax} characters`,
    ),
  reason: z.enum(TICKET_REASONS),
  priority: z.enum(TICKET_PRIORITIES),
});
type NewConversationForm = z.infer<typeof formSchema>;
const FIELDS = ['message', 'reason', 'priority'] as const;

interface NewConversationDialogProps {
  user: Pick<CurrentUser, '_id' | 'username'> | null;
  onCreated: (ticketId: string) => void;
  variant?: 'primary' | 'secondary';
  className?: string;
}

/** "New conversation": a small form (message, reason, priority) that opens a ticket. */
export function NewConversationDialog({
  user,
  onCreated,
  variant = 'primary',
  className,
}: NewConversationDialogProps) {
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const created = useRef(false);
  const createTicket = useCreateTicket();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewConversationForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { message: '', reason: 'General Inquiry', priority: 'Low' },
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      created.current = false;
      setFormError(null);
      reset();
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (!user) return setFormError(USER_MISSING);
    try {
      const { id } = await createTicket.mutateAsync({
        username: user.username,
        userId: user._id,
        ...values,
      });
      created.current = true;
      setOpen(false);
      onCreated(id);
    } catch (error) {
      if (applyFieldErrors<NewConversationForm>(error, FIELDS, setError)) return;
      setFormError(getServerMessage(error, CREATE_FAILED));
    }
  });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant={variant} size="sm" className={className}>
          <Plus aria-hidden="true" className="size-4" />
          New conversation
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          aria-describedby={undefined}
          // After a ticket is created the messenger moves focus to it instead.
          onCloseAutoFocus={(event) => created.current && event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface-raised p-5 shadow-2xl shadow-black/60 sm:p-6"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-fg">New conversation</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="-mt-1 -mr-2 rounded-md p-2 text-fg-subtle transition-colors hover:bg-surface-hover hover:text-fg"
            >
              <X aria-hidden="true" className="size-4" />
            </Dialog.Close>
          </div>
          <form
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            className="mt-5 flex flex-col gap-4"
          >
            {formError && <Alert tone="error">{formError}</Alert>}
            <FormField label="Message" error={errors.message?.message}>
              {(control) => (
                <Textarea
                  {...control}
                  {...register('message')}
                  rows={4}
                  placeholder="How can we help?"
                />
              )}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
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
            </div>
            <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="ghost">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting && <Spinner className="size-4 text-accent-fg" />}
                Start conversation
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
