import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, passwordSchema } from '@stellar/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout, authLinkClasses } from '../components/auth-layout';
import { applyFieldErrors } from '@/lib/form-errors';
import { PasswordInput } from '../components/password-input';
import { PASSWORDS_DO_NOT_MATCH, RESET_CODE_EXPLANATION } from '../components/auth-messages';

const resetFormSchema = z
  .object({
    username: z.string().trim().min(1, MESSAGES.usernameRequired),
    code: z.string().trim().min(1, 'Code is required'),
    newPassword: passwordSchema,
    retypePassword: z.string(),
  })
  .refine((values) => values.newPassword === values.retypePassword, {
    path: ['retypePassword'],
    message: PASSWORDS_DO_NOT_MATCH,
    when: () => true,
  });
type ResetForm = z.infer<typeof resetFormSchema>;
const FIELDS = ['username', 'code', 'newPassword', 'retypePassword'] as const;

/** /reset-password (docs/product.md#decisions): accounts have no e-mail, so a code proves the owner. */
export function ResetPasswordRoute() {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { username: '', code: '', newPassword: '', retypePassword: '' },
  });

  const onSubmit = handleSubmit(async ({ username, code, newPassword }) => {
    setFormError(null);
    try {
      const reply = await reset.mutateAsync({ username, code, newPassword });
      await navigate('/login', { state: { notice: reply.message } });
    } catch (error) {
      if (applyFieldErrors<ResetForm>(error, FIELDS, setError)) return;
      setFormError(getErrorMessage(error));
    }
  });

  return (
    <AuthLayout
      title="Reset your password"
      description={RESET_CODE_EXPLANATION}
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className={authLinkClasses}>
            Back to login
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <FormField label="Username" error={errors.username?.message}>
          {(control) => (
            <Input {...control} {...register('username')} autoComplete="username" autoFocus />
          )}
        </FormField>
        <FormField
          label="Code"
          hint="Authenticator, backup or one-time reset code."
          error={errors.code?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...register('code')}
              autoComplete="one-time-code"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField
          label="New password"
          hint="At least 8 characters."
          error={errors.newPassword?.message}
        >
          {(control) => (
            <PasswordInput {...control} {...register('newPassword')} autoComplete="new-password" />
          )}
        </FormField>
        <FormField label="Retype new password" error={errors.retypePassword?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              {...register('retypePassword')}
              autoComplete="new-password"
            />
          )}
        </FormField>
        <Button type="submit" size="lg" disabled={isSubmitting} className="mt-1 w-full">
          {isSubmitting && <Spinner className="size-4 text-accent-fg" />}
          {isSubmitting ? 'Resetting...' : 'Reset password'}
        </Button>
      </form>
      <p className="mt-6 text-sm text-fg-subtle">
        No 2FA and no backup codes? Ask Stellar support for a one-time reset code: it works once and
        expires after an hour.
      </p>
    </AuthLayout>
  );
}
