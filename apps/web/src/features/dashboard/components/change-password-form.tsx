import { LIMITS } from '@stellar/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  retypePassword: string;
}
const FIELDS = ['currentPassword', 'newPassword'] as const;

/** Change password: this session stays, every other one is signed out by the server. */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    defaultValues: { currentPassword: '', newPassword: '', retypePassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setResult(null);
    try {
      const { message } = await changePassword.mutateAsync({ currentPassword, newPassword });
      reset();
      setResult({ tone: 'success', text: message });
    } catch (error) {
      if (applyFieldErrors<ChangePasswordValues>(error, FIELDS, setError)) return;
      setResult({ tone: 'error', text: getErrorMessage(error) });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <h3 className="font-semibold text-fg">Change password</h3>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <FormField label="Current password" error={errors.currentPassword?.message}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            {...register('currentPassword', { required: 'Current password is required' })}
          />
        )}
      </FormField>
      <FormField label="New password" error={errors.newPassword?.message}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            {...register('newPassword', {
              required: 'Password is required',
              minLength: {
                value: LIMITS.passwordMin,
                message: `Password must be at least ${LIMITS.passwordMin} characters`,
              },
              maxLength: {
                value: LIMITS.passwordMax,
                message: `Password must be at most ${LIMITS.passwordMax} characters`,
              },
            })}
          />
        )}
      </FormField>
      <FormField label="Retype new password" error={errors.retypePassword?.message}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            {...register('retypePassword', {
              validate: (value, values) => value === values.newPassword || 'Passwords do not match',
            })}
          />
        )}
      </FormField>
      <Button type="submit" variant="secondary" disabled={isSubmitting} className="self-start">
        {isSubmitting && <Spinner className="size-4" />}
        Change password
      </Button>
    </form>
  );
}
