import { zodResolver } from '@hookform/resolvers/zod';
import { globalSettingsSchema, type GlobalSettingsPayload } from '@stellar/shared';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { applyFieldErrors } from '@/lib/form-errors';
import { useUpdateGlobalSettings } from '../api/update-global-settings';
import { reportAdminError } from './report-admin-error';

type YesNoField = 'allowHWIDReset' | 'allowSettingsAccess';
type NumberField = 'hwidResetCooldownHours' | 'offlineDays';

// Only "is it a number" is checked here; the range is the server's rule and its message.
const numberText = (message: string) =>
  z
    .string()
    .trim()
    .refine((text) => text !== '' && Number.isFinite(Number(text)), message)
    .transform(Number);
const settingsFormSchema = globalSettingsSchema.extend({
  hwidResetCooldownHours: numberText('Must be a number of hours.'),
  offlineDays: numberText('Must be a number of days.'),
});
type SettingsFormValues = z.input<typeof settingsFormSchema>;
const FIELDS = [
  'allowHWIDReset',
  'allowSettingsAccess',
  'hwidResetCooldownHours',
  'offlineDays',
] as const;

const toFormValues = (settings: GlobalSettingsPayload): SettingsFormValues => ({
  ...settings,
  hwidResetCooldownHours: String(settings.hwidResetCooldownHours),
  offlineDays: String(settings.offlineDays ?? 0),
});

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

const NUMBER_FIELDS: { field: NumberField; label: string; hint: string; max: number }[] = [
  {
    field: 'hwidResetCooldownHours',
    label: 'HWID reset cooldown (hours)',
    hint: 'How long a member waits between two HWID resets. 0 means no wait.',
    max: 8760,
  },
  {
    field: 'offlineDays',
    label: 'Offline tokens (days)',
    hint: "How long the tool may keep running without the network after a valid check, never past the licence's expiry. 0 turns offline tokens off; at most 30.",
    max: 30,
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
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const update = useUpdateGlobalSettings();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SettingsFormValues, unknown, GlobalSettingsPayload>({
    resolver: zodResolver(settingsFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: toFormValues(initial),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(toFormValues(saved));
      setStatus({ tone: 'success', text: 'Global product settings saved.' });
    } catch (error) {
      const message = reportAdminError('save the global product settings', error);
      if (!applyFieldErrors<SettingsFormValues>(error, FIELDS, setError)) {
        setStatus({ tone: 'error', text: message });
      }
    }
  });

  return (
    <Card className="max-w-2xl p-4 sm:p-6">
      <form
        noValidate
        onSubmit={(event) => {
          setStatus(null);
          void onSubmit(event);
        }}
        className="flex flex-col gap-6"
      >
        {SWITCHES.map(({ field, label, hint }) => (
          <Controller
            key={field}
            control={control}
            name={field}
            render={({ field: { value, onChange } }) => (
              <YesNoSwitch
                label={label}
                hint={hint}
                checked={value === 'yes'}
                onChange={(checked) => {
                  onChange(checked ? 'yes' : 'no');
                  setStatus(null);
                }}
                error={errors[field]?.message}
              />
            )}
          />
        ))}
        {NUMBER_FIELDS.map(({ field, label, hint, max }) => (
          <FormField
            key={field}
            label={label}
            hint={hint}
            error={errors[field]?.message}
            className="max-w-xs"
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={0}
                max={max}
                step={1}
                {...register(field, { onChange: () => setStatus(null) })}
              />
            )}
          </FormField>
        ))}
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
