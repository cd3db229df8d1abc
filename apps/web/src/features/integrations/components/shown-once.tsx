import { Alert } from '@/components/ui/alert';
import { CopyButton } from '@/components/ui/copy-button';

/** A secret the server shows one time only (API key, signing secret), with a copy button. */
export function ShownOnce({ label, value }: { label: string; value: string }) {
  return (
    <Alert tone="success" title={`Your ${label} (shown once)`}>
      <p className="mt-1">Copy it now: it cannot be shown again.</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code className="min-w-0 break-all rounded-md bg-bg/60 px-2 py-1 font-mono text-xs text-fg">
          {value}
        </code>
        <CopyButton value={value} label={`Copy ${label}`} />
      </div>
    </Alert>
  );
}
