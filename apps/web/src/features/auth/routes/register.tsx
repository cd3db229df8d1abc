import { zodResolver } from '@hookform/resolvers/zod';
import { passwordSchema, usernameSchema } from '@stellar/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { getServerMessage } from '@/lib/api-client';
import { useRegister } from '../api/register';
import { AuthLayout, authLinkClasses } from '../components/auth-layout';
import { PASSWORDS_DO_NOT_MATCH, REGISTER_UNKNOWN_ERROR } from '../components/auth-messages';
import { applyFieldErrors } from '@/lib/form-errors';
import { safeNextPath } from '../components/safe-next-path';
import { PasswordInput } from '../components/password-input';

const REGISTERED_NOTICE = 'Your account has been created. You can now log in.';

const registerFormSchema = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    retypePassword: z.string(),
  })
  .refine((values) => values.password === values.retypePassword, {
    path: ['retypePassword'],
    message: PASSWORDS_DO_NOT_MATCH,
    // Checked even while another field is invalid, so the mismatch shows at once.
    when: () => true,
  });
type RegisterForm = z.infer<typeof registerFormSchema>;
const FIELDS = ['username', 'password', 'retypePassword'] as const;

/** /register: username, password, retype password; success goes to /login. */
export function RegisterRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const registerAccount = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: '', password: '', retypePassword: '' },
  });

  const loginLink = next ? `/login?next=${encodeURIComponent(next)}` : '/login';
  const onSubmit = handleSubmit(async ({ username, password }) => {
    setFormError(null);
    try {
      await registerAccount.mutateAsync({ username, password });
      await navigate(loginLink, { state: { notice: REGISTERED_NOTICE } });
    } catch (error) {
      if (applyFieldErrors<RegisterForm>(error, FIELDS, setError)) return;
      setFormError(getServerMessage(error, REGISTER_UNKNOWN_ERROR));
    }
  });

  return (
    <AuthLayout
      title="Create your account"
      description="Register to buy plans, redeem licence keys and talk to support."
      footer={
        <>
          Already have an account?{' '}
          <Link to={loginLink} className={authLinkClasses}>
            Log in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <FormField
          label="Username"
          hint="3 to 24 letters, digits, _, - or ."
          error={errors.username?.message}
        >
          {(control) => (
            <Input {...control} {...register('username')} autoComplete="username" autoFocus />
          )}
        </FormField>
        <FormField label="Password" hint="At least 8 characters." error={errors.password?.message}>
          {(control) => (
            <PasswordInput {...control} {...register('password')} autoComplete="new-password" />
          )}
        </FormField>
        <FormField label="Retype password" error={errors.retypePassword?.message}>
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
          {isSubmitting ? 'Creating account...' : 'Register'}
        </Button>
      </form>
    </AuthLayout>
  );
}
