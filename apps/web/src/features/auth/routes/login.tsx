import { MESSAGES } from '@stellar/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { CHANGE_PASSWORD_PATH } from '../components/auth-paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { getServerMessage } from '@/lib/api-client';
import { setToken } from '@/lib/session';
import { useLogin } from '../api/login';
import { AuthLayout, authLinkClasses } from '../components/auth-layout';
import {
  LOGIN_UNEXPECTED_ERROR,
  NO_TOKEN_IN_RESPONSE,
  TWO_FACTOR_REQUIRED,
} from '../components/auth-messages';
import { applyFieldErrors } from '@/lib/form-errors';
import { safeNextPath } from '../components/safe-next-path';
import { PasswordInput } from '../components/password-input';

const loginFormSchema = z.object({
  username: z.string().trim().min(1, MESSAGES.usernameRequired),
  password: z.string().min(1, 'Password is required'),
  twoFactorCode: z.string(),
});
type LoginForm = z.infer<typeof loginFormSchema>;
const FIELDS = ['username', 'password', 'twoFactorCode'] as const;

interface LoginState {
  from?: unknown;
  notice?: unknown;
}

/** /login: username and password, then a 2FA code when the server asks for one. */
export function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = (location.state ?? {}) as LoginState;
  const next = safeNextPath(searchParams.get('next')) ?? safeNextPath(state.from);
  const notice = typeof state.notice === 'string' ? state.notice : null;

  const login = useLogin();
  const [twoFactorRequired, setTwoFactorRequired] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { username: '', password: '', twoFactorCode: '' },
  });

  // The code field mounts when the server asks for it: take the visitor straight there.
  useEffect(() => {
    if (twoFactorRequired) setFocus('twoFactorCode');
  }, [twoFactorRequired, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const outcome = await login.mutateAsync(values);
      if (outcome.kind === 'two-factor') {
        setTwoFactorRequired(true);
        return;
      }
      if (outcome.kind === 'no-token') {
        setFormError(NO_TOKEN_IN_RESPONSE);
        return;
      }
      setToken(outcome.token);
      await navigate(
        outcome.mustChangePassword ? CHANGE_PASSWORD_PATH : (next ?? '/user-dashboard'),
        {
          replace: true,
        },
      );
    } catch (error) {
      if (applyFieldErrors<LoginForm>(error, FIELDS, setError)) return;
      setFormError(getServerMessage(error, LOGIN_UNEXPECTED_ERROR));
    }
  });

  return (
    <AuthLayout
      title="Log in to Stellar"
      description="Welcome back. Sign in to manage your licences and tickets."
      footer={
        <>
          New to Stellar?{' '}
          <Link
            to={next ? `/register?next=${encodeURIComponent(next)}` : '/register'}
            className={authLinkClasses}
          >
            Create an account
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {notice && !formError && <Alert tone="success">{notice}</Alert>}
        {formError && <Alert tone="error">{formError}</Alert>}
        <FormField label="Username" error={errors.username?.message}>
          {(control) => (
            <Input {...control} {...register('username')} autoComplete="username" autoFocus />
          )}
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          {(control) => (
            <PasswordInput {...control} {...register('password')} autoComplete="current-password" />
          )}
        </FormField>
        {twoFactorRequired && (
          <>
            <Alert tone="info">{TWO_FACTOR_REQUIRED}</Alert>
            <FormField
              label="2FA code"
              hint="The 6-digit code from your authenticator app, or a backup code."
              error={errors.twoFactorCode?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...register('twoFactorCode')}
                  autoComplete="one-time-code"
                  inputMode="text"
                  spellCheck={false}
                />
              )}
            </FormField>
          </>
        )}
        <div className="-mt-1 flex justify-end">
          <Link to="/reset-password" className={authLinkClasses + ' text-sm'}>
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
          {isSubmitting && <Spinner className="size-4 text-accent-fg" />}
          {isSubmitting ? 'Logging in...' : 'Log in'}
        </Button>
      </form>
    </AuthLayout>
  );
}
