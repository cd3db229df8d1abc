import { zodResolver } from '@hookform/resolvers/zod';
import {
  productVariablesSchema,
  revokeBodySchema,
  type LicensingProduct,
  type RevokeBody,
} from '@stellar/shared';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import {
  useLicensing,
  usePublicKey,
  useRevoke,
  useSavePlanMachines,
  useSaveVariables,
} from '../api/licensing';
import { EmptyState, SectionHeading } from './section-heading';
import type { Feedback } from './user-feedback';

function KeyLine({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-fg-subtle">{label}</dt>
      <dd className="mt-1 flex items-start gap-2">
        <code className="min-w-0 flex-1 font-mono text-xs break-all whitespace-pre-wrap text-fg">
          {value}
        </code>
        <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
      </dd>
    </div>
  );
}

/** The key the tool pins: ship the raw key (or PEM) and check the fingerprint. */
function PublicKeyCard() {
  const key = usePublicKey();
  return (
    <Card className="p-5">
      <h3 className="text-base font-semibold text-fg">Licence signing key</h3>
      <p className="mt-1 text-sm text-fg-muted">
        Pin this public key in your tool: it verifies every licence answer with it (Ed25519).
      </p>
      {key.isPending ? (
        <div role="status" aria-label="Loading the public key" className="mt-4">
          <Skeleton className="h-24" />
        </div>
      ) : key.isError ? (
        <Alert tone="error" className="mt-4" title="The public key could not be loaded.">
          {getErrorMessage(key.error)}
        </Alert>
      ) : (
        <dl className="mt-4 grid gap-3">
          <KeyLine label="Raw key (base64, 32 bytes)" value={key.data.raw} />
          <KeyLine label="SHA-256 fingerprint" value={key.data.fingerprint} />
          <KeyLine label="PEM" value={key.data.publicKey.trim()} />
        </dl>
      )}
    </Card>
  );
}

/** Revoke by licence key or voucher code, with the reason the member will see. */
function RevokeForm({ onFeedback }: { onFeedback: (f: Feedback) => void }) {
  const revoke = useRevoke();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<RevokeBody>({
    resolver: zodResolver(revokeBodySchema),
    defaultValues: { key: '', reason: '' },
  });
  const submit = handleSubmit(async (body) => {
    try {
      const result = await revoke.mutateAsync(body);
      onFeedback({ tone: 'success', text: result.message });
      reset();
    } catch (error) {
      const fields = getFieldErrors(error);
      for (const name of ['key', 'reason'] as const) {
        if (fields[name]) setError(name, { message: fields[name] });
      }
      onFeedback({ tone: 'error', text: getErrorMessage(error) });
    }
  });
  return (
    <Card className="p-5">
      <h3 className="text-base font-semibold text-fg">Revoke a licence or voucher</h3>
      <p className="mt-1 text-sm text-fg-muted">
        A licence key (STLL-…) stops the tool at its next check; an unredeemed voucher (STLR-…) can
        no longer be redeemed. The member sees the reason on their dashboard.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <FormField label="Licence key or voucher code" error={errors.key?.message}>
          {(control) => (
            <Input {...control} autoComplete="off" spellCheck={false} {...register('key')} />
          )}
        </FormField>
        <FormField label="Reason" error={errors.reason?.message}>
          {(control) => <Input {...control} {...register('reason')} />}
        </FormField>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={revoke.isPending}>
            {revoke.isPending && <Spinner className="size-4" />}
            Revoke
          </Button>
        </div>
      </form>
    </Card>
  );
}

function VariablesForm({
  product,
  onFeedback,
}: {
  product: LicensingProduct;
  onFeedback: (f: Feedback) => void;
}) {
  const save = useSaveVariables();
  const [text, setText] = useState(() => JSON.stringify(product.variables, null, 2));
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      setError('Variables must be valid JSON.');
      return;
    }
    const checked = productVariablesSchema.safeParse(parsed);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Variables must be a JSON object.');
      return;
    }
    try {
      await save.mutateAsync({ id: product.id, variables: checked.data });
      onFeedback({ tone: 'success', text: `Variables of ${product.title} saved.` });
    } catch (err) {
      setError(getErrorMessage(err));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormField
        label={`Variables of ${product.title}`}
        hint="A JSON object returned inside valid licence checks (e.g. latest version, download URL)."
        error={error ?? undefined}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            className="font-mono text-xs"
            spellCheck={false}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </FormField>
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        className="mt-2"
        disabled={save.isPending}
      >
        {save.isPending && <Spinner className="size-4" />}
        Save variables
      </Button>
    </form>
  );
}

function PlanMachines({
  plan,
  onFeedback,
}: {
  plan: LicensingProduct['plans'][number];
  onFeedback: (f: Feedback) => void;
}) {
  const save = useSavePlanMachines();
  const [value, setValue] = useState(String(plan.maxMachines));
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 100) {
      setError('Must be a whole number from 1 to 100.');
      return;
    }
    try {
      await save.mutateAsync({ id: plan.id, maxMachines: n });
      onFeedback({
        tone: 'success',
        text: `${plan.name}: ${n} machine${n === 1 ? '' : 's'} per licence.`,
      });
    } catch (err) {
      setError(getErrorMessage(err));
    }
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <FormField label={`Machines per licence, ${plan.name}`} error={error ?? undefined}>
        {(control) => (
          <Input
            {...control}
            type="number"
            min={1}
            max={100}
            inputMode="numeric"
            className="w-28"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" variant="secondary" size="sm" disabled={save.isPending}>
        {save.isPending && <Spinner className="size-4" />}
        Save
      </Button>
    </form>
  );
}

/** Licensing: the signing key to pin, revocation, per-product variables and machines per plan. */
export function LicensingSection() {
  const licensing = useLicensing();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  return (
    <>
      <SectionHeading
        title="Licensing"
        description="What the tool checks: the signing key, revoked licences, variables and machines per plan. A plan's machine limit applies to licences created or extended from then on."
      />
      {feedback && (
        <Alert tone={feedback.tone} className="mb-4">
          {feedback.text}
        </Alert>
      )}
      <div className="grid gap-4">
        <PublicKeyCard />
        <RevokeForm onFeedback={setFeedback} />
        {licensing.isPending ? (
          <div role="status" aria-label="Loading products" className="grid gap-3">
            <Skeleton className="h-40" />
          </div>
        ) : licensing.isError ? (
          <Alert tone="error" title="The products could not be loaded.">
            {getErrorMessage(licensing.error)}
          </Alert>
        ) : licensing.data.length === 0 ? (
          <EmptyState>No products.</EmptyState>
        ) : (
          licensing.data.map((product) => (
            <Card key={product.id} className="grid gap-4 p-5">
              <h3 className="text-base font-semibold text-fg">{product.title}</h3>
              <VariablesForm product={product} onFeedback={setFeedback} />
              <div className="grid gap-3 sm:grid-cols-2">
                {product.plans.map((plan) => (
                  <PlanMachines key={plan.id} plan={plan} onFeedback={setFeedback} />
                ))}
              </div>
            </Card>
          ))
        )}
      </div>
    </>
  );
}
