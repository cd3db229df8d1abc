import { zodResolver } from '@hookform/resolvers/zod';
import type { LicenceSettings, OwnedProduct } from '@stellar/shared';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { useLicenceSettings } from '../api/get-licence-settings';
import { useUpdateLicenceSettings } from '../api/update-licence-settings';
import { CopyButton } from '@/components/ui/copy-button';
import { DateText } from './date-text';
import { Dialog, DialogActions, DialogContent } from '@/components/ui/dialog';
import { settingsFormSchema, type SettingsFormValues } from './settings-json';

interface LicenceSettingsDialogProps {
  product: OwnedProduct;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The Settings dialog (docs/product.md#decisions): the licence key, HWID, expiry and the settings JSON the tool downloads. */
export function LicenceSettingsDialog({ product, open, onOpenChange }: LicenceSettingsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`${product.title} settings`}
        description="What the automation tool uses for this licence."
        className="max-w-xl"
      >
        <dl className="grid gap-3 text-sm">
          <div>
            <dt className="text-fg-subtle">Licence key</dt>
            <dd className="mt-1 flex items-center gap-2">
              {product.licenceKey ? (
                <>
                  <code className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 font-mono break-all text-fg">
                    {product.licenceKey}
                  </code>
                  <CopyButton value={product.licenceKey} label="Copy licence key" />
                </>
              ) : (
                <span className="text-fg-muted italic">No key on record</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-fg-subtle">HWID</dt>
            <dd className="mt-0.5 font-mono break-all text-fg">
              {product.hwid ?? (
                <span className="font-sans text-fg-muted italic">Not bound yet</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-fg-subtle">Expires</dt>
            <dd className="mt-0.5 text-fg">
              <DateText iso={product.expiresAt} />
            </dd>
          </div>
        </dl>
        <div className="mt-5">{open && <SettingsLoader licenceId={product._id} />}</div>
      </DialogContent>
    </Dialog>
  );
}

function SettingsLoader({ licenceId }: { licenceId: string }) {
  const settings = useLicenceSettings(licenceId);
  if (settings.isPending) {
    return (
      <div role="status" aria-label="Loading settings">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="mt-2 h-40 w-full" />
      </div>
    );
  }
  if (settings.isError) return <Alert tone="error">{getErrorMessage(settings.error)}</Alert>;
  // The editor keeps its own text from here on: a refetch must not throw away unsaved edits.
  return <SettingsEditor licenceId={licenceId} initial={JSON.stringify(settings.data, null, 2)} />;
}

function SettingsEditor({ licenceId, initial }: { licenceId: string; initial: string }) {
  const save = useUpdateLicenceSettings();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SettingsFormValues, unknown, { settings: LicenceSettings }>({
    resolver: zodResolver(settingsFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { settings: initial },
  });

  const onSubmit = handleSubmit(async ({ settings }) => {
    try {
      await save.mutateAsync({ licenceId, settings });
      setSaved(true);
    } catch (failure) {
      setError('settings', { type: 'server', message: getErrorMessage(failure) });
    }
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setSaved(false);
    void onSubmit(event);
  };

  return (
    <form noValidate onSubmit={submit}>
      <FormField
        label="Settings (JSON)"
        hint="A JSON object, at most 16 KiB."
        error={errors.settings?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            {...register('settings', { onChange: () => setSaved(false) })}
            rows={10}
            spellCheck={false}
            className="font-mono text-sm"
          />
        )}
      </FormField>
      {saved && (
        <p role="status" className="mt-2 text-sm font-medium text-success">
          Settings saved.
        </p>
      )}
      <DialogActions>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner className="size-4 text-accent-fg" />}
          Save settings
        </Button>
      </DialogActions>
    </form>
  );
}
