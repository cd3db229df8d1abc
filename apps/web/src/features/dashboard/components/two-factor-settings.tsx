import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useRegenerateBackupCodes } from '../api/regenerate-backup-codes';
import { BackupCodesDialog } from './backup-codes-dialog';

const codeInputProps = {
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  spellCheck: false,
  maxLength: 32,
} as const;

/** With 2FA on: new backup codes (with a current code) and turning 2FA off (password + code). */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  if (!enabled) {
    return (
      <div className="flex gap-3 text-sm text-fg-muted">
        <ShieldOff aria-hidden="true" className="size-5 shrink-0 text-fg-subtle" />
        <p>
          Two-factor authentication is off. Use <strong className="text-fg">Enable 2FA</strong> at
          the top of this page to protect your account with an authenticator app.
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="flex gap-3 text-sm text-fg-muted">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
        Two-factor authentication is on.
      </p>
      <RegenerateBackupCodes />
      <DisableTwoFactor />
    </div>
  );
}

function Disclosure({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details className="group rounded-xl border border-line bg-surface/60 p-4">
      <summary className="cursor-pointer text-sm font-semibold text-fg marker:text-fg-subtle">
        {summary}
      </summary>
      <div className="mt-4">{children}</div>
    </details>
  );
}

function RegenerateBackupCodes() {
  const regenerate = useRegenerateBackupCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      const { backupCodes } = await regenerate.mutateAsync(code.trim());
      reset();
      setCodes(backupCodes);
    } catch (error) {
      if (applyFieldErrors<{ code: string }>(error, ['code'], setError)) return;
      setFailure(getErrorMessage(error));
    }
  });

  return (
    <Disclosure summary="Regenerate backup codes">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <p className="text-sm text-fg-muted">Your current backup codes stop working.</p>
        {failure && <Alert tone="error">{failure}</Alert>}
        <FormField label="Authentication code" error={errors.code?.message}>
          {(control) => (
            <Input
              {...control}
              {...codeInputProps}
              {...register('code', { required: 'Code is required' })}
            />
          )}
        </FormField>
        <Button type="submit" variant="secondary" disabled={isSubmitting} className="self-start">
          {isSubmitting && <Spinner className="size-4" />}
          Regenerate backup codes
        </Button>
      </form>
      <BackupCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </Disclosure>
  );
}

interface DisableValues {
  password: string;
  code: string;
}

function DisableTwoFactor() {
  const disable = useDisableTwoFactor();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DisableValues>({ defaultValues: { password: '', code: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await disable.mutateAsync({ password: values.password, code: values.code.trim() });
    } catch (error) {
      if (applyFieldErrors<DisableValues>(error, ['password', 'code'], setError)) return;
      setFailure(getErrorMessage(error));
    }
  });

  return (
    <Disclosure summary="Disable 2FA">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <p className="text-sm text-fg-muted">
          Confirm with your password and a code from your app (or a backup code).
        </p>
        {failure && <Alert tone="error">{failure}</Alert>}
        <FormField label="Password" error={errors.password?.message}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              {...register('password', { required: 'Password is required' })}
            />
          )}
        </FormField>
        <FormField label="Authentication or backup code" error={errors.code?.message}>
          {(control) => (
            <Input
              {...control}
              {...codeInputProps}
              inputMode="text"
              {...register('code', { required: 'Code is required' })}
            />
          )}
        </FormField>
        <Button type="submit" variant="secondary" disabled={isSubmitting} className="self-start">
          {isSubmitting && <Spinner className="size-4" />}
          Disable 2FA
        </Button>
      </form>
    </Disclosure>
  );
}
