import type { GlobalSettingsPayload } from '@stellar/shared';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { getFieldErrors } from '@/lib/api-client';
import { useUpdateGlobalSettings } from '../api/update-global-settings';
import { reportAdminError } from './report-admin-error';
import { Switch } from '@/components/ui/switch';

type YesNoField = 'allowHWIDReset' | 'allowSettingsAccess';
type FieldErrors = Partial<Record<keyof GlobalSettingsPayload, string>>;

const SWITCHES: { field: YesNoField; label: string; hint: string }[] = [
  {
    field: 'allowHWIDReset',
    label: 'Allow HWID reset',
    hint: 'Members get a Reset HWID button on their products.',
  },
  {
    field: 'allowSettingsAccess',
    label: 'Allow settings access',
    hint: 'Members get a Settings button on their products.',
  },
];

function YesNoSwitch({
  label,
  hint,
  checked,
  onChange,
  error,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={id} className="min-w-0 cursor-pointer">
          <span className="block font-medium text-fg">{label}</span>
          <span id={`${id}-hint`} className="block text-sm text-fg-subtle">
            {hint}
          </span>
        </label>
        <div className="flex shrink-0 items-center gap-3">
          <span aria-hidden="true" className="w-7 text-sm text-fg-muted">
            {checked ? 'yes' : 'no'}
          </span>
          <Switch
            id={id}
            checked={checked}
            onCheckedChange={onChange}
            aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
            aria-invalid={Boolean(error) || undefined}
          />
        </div>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The settings form: sends the whole object; server messages go under their fields. */
export function GlobalSettingsForm({ initial }: { initial: GlobalSettingsPayload }) {
  const [values, setValues] = useState({
    allowHWIDReset: initial.allowHWIDReset,
    allowSettingsAccess: initial.allowSettingsAccess,
    cooldown: String(initial.hwidResetCooldownHours),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const update = useUpdateGlobalSettings();

  const change = (patch: Partial<typeof values>) => {
    setValues((current) => ({ ...current, ...patch }));
    setStatus(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setStatus(null);
    const text = values.cooldown.trim();
    // Only "is it a number" is checked here; the range is the server's rule and its message.
    if (text === '' || !Number.isFinite(Number(text))) {
      setErrors({ hwidResetCooldownHours: 'Must be a number of hours.' });
      return;
    }
    try {
      const saved = await update.mutateAsync({
        allowHWIDReset: values.allowHWIDReset,
        allowSettingsAccess: values.allowSettingsAccess,
        hwidResetCooldownHours: Number(text),
      });
      setValues({
        allowHWIDReset: saved.allowHWIDReset,
        allowSettingsAccess: saved.allowSettingsAccess,
        cooldown: String(saved.hwidResetCooldownHours),
      });
      setStatus({ tone: 'success', text: 'Global product settings saved.' });
    } catch (error) {
      const message = reportAdminError('save the global product settings', error);
      const fieldErrors = getFieldErrors(error) as FieldErrors;
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setStatus({ tone: 'error', text: message });
    }
  };

  return (
    <Card className="max-w-2xl p-4 sm:p-6">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        {SWITCHES.map(({ field, label, hint }) => (
          <YesNoSwitch
            key={field}
            label={label}
            hint={hint}
            checked={values[field] === 'yes'}
            onChange={(checked) => change({ [field]: checked ? 'yes' : 'no' })}
            error={errors[field]}
          />
        ))}
        <FormField
          label="HWID reset cooldown (hours)"
          hint="How long a member waits between two HWID resets. 0 means no wait."
          error={errors.hwidResetCooldownHours}
          className="max-w-xs"
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={8760}
              step={1}
              value={values.cooldown}
              onChange={(event) => change({ cooldown: event.target.value })}
            />
          )}
        </FormField>
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
        <div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending && <Spinner className="size-4 text-accent-fg" />}
            Save settings
          </Button>
        </div>
      </form>
    </Card>
  );
}
