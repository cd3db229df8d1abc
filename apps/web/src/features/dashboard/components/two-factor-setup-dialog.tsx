import { zodResolver } from '@hookform/resolvers/zod';
import {
  twoFactorCodeBodySchema,
  twoFactorSetupBodySchema,
  type TwoFactorSetupBody,
} from '@stellar/shared';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogActions, DialogContent } from '@/components/ui/dialog';

export interface TwoFactorSetup {
  data: { qrCode: string; secret: string } | undefined;
  error: unknown;
  isPending: boolean;
  /** Asks the server for a secret, proving the account's owner with the current password. */
  begin: (password: string) => void;
}

interface TwoFactorSetupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  setup: TwoFactorSetup;
  /** Called once the server accepted the code, with the backup codes it issued. */
  onVerified: (backupCodes: string[]) => void;
}

/**
 * The spec's 2FA setup dialog: the current password first (a stolen session alone must not turn
 * 2FA on), then QR image, secret, a code input and "Verify 2FA".
 */
export function TwoFactorSetupDialog({
  open,
  onOpenChange,
  setup,
  onVerified,
}: TwoFactorSetupDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Enable 2FA"
        description="Scan the QR code with an authenticator app, then enter the 6-digit code it shows."
      >
        {setup.data ? (
          // Keyed by secret: a new setup starts with an empty code.
          <SetupSteps key={setup.data.secret} {...setup.data} onVerified={onVerified} />
        ) : (
          <PasswordStep setup={setup} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PasswordStep({ setup }: { setup: TwoFactorSetup }) {
  const { register, handleSubmit, formState } = useForm<TwoFactorSetupBody>({
    resolver: zodResolver(twoFactorSetupBodySchema),
    defaultValues: { password: '' },
  });
  const error =
    formState.errors.password?.message ?? (setup.error ? getErrorMessage(setup.error) : undefined);
  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ password }) => setup.begin(password))}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-fg-muted">Enter your current password to continue.</p>
      <FormField label="Current password" error={error}>
        {(control) => (
          <Input
            {...control}
            {...register('password')}
            type="password"
            autoComplete="current-password"
            autoFocus
          />
        )}
      </FormField>
      <DialogActions>
        <Button type="submit" disabled={setup.isPending}>
          {setup.isPending && <Spinner className="size-4 text-accent-fg" />}
          Continue
        </Button>
      </DialogActions>
    </form>
  );
}

function SetupSteps({
  qrCode,
  secret,
  onVerified,
}: {
  qrCode: string;
  secret: string;
  onVerified: (backupCodes: string[]) => void;
}) {
  const verify = useVerifyTwoFactor();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ code: string }>({
    resolver: zodResolver(twoFactorCodeBodySchema),
    reValidateMode: 'onSubmit',
    defaultValues: { code: '' },
  });

  const submit = handleSubmit(async ({ code }) => {
    try {
      const result = await verify.mutateAsync(code);
      if (result.verified) onVerified(result.backupCodes);
    } catch {
      // Shown below from the mutation's error.
    }
  });

  const error = errors.code?.message ?? (verify.error ? getErrorMessage(verify.error) : undefined);
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <img
        src={qrCode}
        alt="QR code to scan with your authenticator app"
        width={192}
        height={192}
        className="mx-auto size-48 rounded-xl bg-white p-2"
      />
      <div>
        <p className="text-sm font-medium text-fg" id="two-factor-secret-label">
          Secret
        </p>
        <p className="mt-1 text-sm text-fg-subtle">Type this in if you cannot scan the code.</p>
        <div className="mt-1.5 flex items-center gap-2">
          <code
            aria-labelledby="two-factor-secret-label"
            data-testid="two-factor-secret"
            className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 font-mono text-sm break-all text-fg"
          >
            {secret}
          </code>
          <CopyButton value={secret} label="Copy secret" />
        </div>
      </div>
      <FormField label="Authentication code" error={error}>
        {(control) => (
          <Input
            {...control}
            {...register('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={32}
            spellCheck={false}
            placeholder="123456"
          />
        )}
      </FormField>
      <DialogActions>
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending && <Spinner className="size-4 text-accent-fg" />}
          Verify 2FA
        </Button>
      </DialogActions>
    </form>
  );
}
