import { zodResolver } from '@hookform/resolvers/zod';
import { passwordSchema } from '@stellar/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';
import { useCurrentUser } from '@/lib/auth';
import { AuthLayout } from '../components/auth-layout';
import { applyFieldErrors } from '@/lib/form-errors';
import { PasswordInput } from '../components/password-input';
import { PASSWORDS_DO_NOT_MATCH } from '../components/auth-messages';

const changeFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: passwordSchema,
    retypePassword: z.string(),
  })
  .refine((values) => values.newPassword === values.retypePassword, {
    path: ['retypePassword'],
    message: PASSWORDS_DO_NOT_MATCH,
    when: () => true,
  });
type ChangeForm = z.infer<typeof changeFormSchema>;
const FIELDS = ['currentPassword', 'newPassword', 'retypePassword'] as const;

/** /change-password: required after a staff-issued password, available to anyone signed in. */
export function ChangePasswordRoute() {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangeForm>({
    resolver: zodResolver(changeFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', retypePassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      await navigate('/user-dashboard', { replace: true });
    } catch (error) {
      if (applyFieldErrors<ChangeForm>(error, FIELDS, setError)) return;
      setFormError(getErrorMessage(error));
    }
  });

  return (
    <AuthLayout
      title="Change your password"
      description={
        user?.mustChangePassword
          ? 'Your password was set by Stellar staff. Choose your own before you continue.'
          : 'Choose a new password. Your other sessions will be signed out.'
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <FormField label="Current password" error={errors.currentPassword?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              {...register('currentPassword')}
              autoComplete="current-password"
              autoFocus
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
          {isSubmitting ? 'Saving...' : 'Change password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
