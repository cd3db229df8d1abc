import { zodResolver } from '@hookform/resolvers/zod';
import { staffCreateAccountBodySchema } from '@stellar/shared';
import { RefreshCw, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { applyFieldErrors } from '@/lib/form-errors';
import { useCreateAccount } from '../api/create-account';
import { CopyButton } from '@/components/ui/copy-button';
import {
  Dialog,
  DialogActions,
  DialogClose,
  DialogContent,
  DialogTrigger,
} from '@/components/ui/dialog';
import { generateAccountCode } from './generate-account-code';
import { reportAdminError } from './report-admin-error';

type CreateAccountForm = z.input<typeof staffCreateAccountBodySchema>;
const FIELDS = ['username', 'password'] as const;

interface Created {
  username: string;
  password: string;
  message: string;
}

/** The form: username, and a password pre-filled with a random 6-character code. */
function CreateAccountFormBody({ onCreated }: { onCreated: (created: Created) => void }) {
  const createAccount = useCreateAccount();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CreateAccountForm>({
    resolver: zodResolver(staffCreateAccountBodySchema),
    defaultValues: { username: '', password: generateAccountCode() },
  });
  const password = watch('password');

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const reply = await createAccount.mutateAsync(values);
      onCreated({
        username: reply.user.username,
        password: values.password,
        message: reply.message,
      });
    } catch (error) {
      const message = reportAdminError('create an account', error);
      if (!applyFieldErrors<CreateAccountForm>(error, FIELDS, setError)) setFormError(message);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      <FormField label="Username" error={errors.username?.message}>
        {(control) => <Input {...control} {...register('username')} autoComplete="off" autoFocus />}
      </FormField>
      <FormField
        label="Password"
        hint="A one-time code: the user must choose a new password at first login."
        error={errors.password?.message}
      >
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              {...register('password')}
              autoComplete="off"
              spellCheck={false}
              className="min-w-0 font-mono tracking-widest"
            />
            <Button
              variant="secondary"
              className="h-11 shrink-0 px-3"
              aria-label="Generate a new code"
              onClick={() =>
                setValue('password', generateAccountCode(), {
                  shouldValidate: Boolean(errors.password),
                })
              }
            >
              <RefreshCw aria-hidden="true" className="size-4" />
            </Button>
            <CopyButton value={password} label="Copy password" className="h-11 shrink-0" />
          </div>
        )}
      </FormField>
      <DialogActions>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="size-4 text-accent-fg" />}
          Create Account
        </Button>
      </DialogActions>
    </form>
  );
}

/** What to hand over once the account exists: its name and the one-time password. */
function CreatedSummary({ created, onAnother }: { created: Created; onAnother: () => void }) {
  return (
    <div>
      <Alert tone="success">{created.message}</Alert>
      <dl className="mt-4 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        <dt className="text-fg-muted">Username</dt>
        <dd className="font-semibold break-all text-fg">{created.username}</dd>
        <dt className="text-fg-muted">Password</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-semibold tracking-widest text-fg">
            {created.password}
          </span>
          <CopyButton value={created.password} label="Copy password" />
        </dd>
      </dl>
      <DialogActions>
        <Button variant="secondary" onClick={onAnother}>
          Create another
        </Button>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogActions>
    </div>
  );
}

/** The spec's Create Account dialog (POST /api/auth/register by staff). */
export function CreateAccountDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  // A new key gives a fresh form (and a fresh code) each time the dialog opens.
  const [formKey, setFormKey] = useState(0);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setCreated(null);
      setFormKey((key) => key + 1);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" className="size-4" />
          Create Account
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Create Account"
        description={created ? undefined : 'A new Member account with a one-time password.'}
      >
        {created ? (
          <CreatedSummary
            created={created}
            onAnother={() => {
              setCreated(null);
              setFormKey((key) => key + 1);
            }}
          />
        ) : (
          <CreateAccountFormBody key={formKey} onCreated={setCreated} />
        )}
      </DialogContent>
    </Dialog>
  );
}
