import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Dialog, DialogActions, DialogClose, DialogContent } from '@/components/ui/dialog';

interface LoginAsCodeDialogProps {
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (code: string) => void;
  pending: boolean;
  /** The server's message for a wrong or missing code. */
  error: string | null;
}

const codeFormSchema = z.object({ code: z.string().trim().min(1) });
type CodeForm = z.input<typeof codeFormSchema>;

/** Step-up for Login as: an admin with 2FA confirms with their own current code. */
export function LoginAsCodeDialog({
  username,
  open,
  onOpenChange,
  onSubmit,
  pending,
  error,
}: LoginAsCodeDialogProps) {
  const { register, handleSubmit, reset, watch } = useForm<
    CodeForm,
    unknown,
    z.output<typeof codeFormSchema>
  >({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
  });
  const code = watch('code');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={`Sign in as ${username}`}
        description="Your account has 2FA: enter your own current 2FA code (or a backup code) to continue."
      >
        <form noValidate onSubmit={handleSubmit((values) => onSubmit(values.code))}>
          <FormField label="Your 2FA code" error={error ?? undefined}>
            {(control) => (
              <Input
                {...control}
                {...register('code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={32}
                autoFocus
              />
            )}
          </FormField>
          <DialogActions>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={pending || code.trim() === ''}>
              {pending && <Spinner className="size-4 text-accent-fg" />}
              Sign in as {username}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
