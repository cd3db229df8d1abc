import { MESSAGES, type OwnedProduct } from '@stellar/shared';
import { RotateCcw, Settings } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Spinner } from '@/components/ui/spinner';
import { getServerMessage } from '@/lib/api-client';
import { useResetHwid } from '../api/reset-hwid';
import { absoluteDate, DateText } from './date-text';
import { LicenceMachines } from './licence-machines';
import { LicenceSettingsDialog } from './licence-settings-dialog';

export const HWID_RESET_OK = MESSAGES.hwidResetDone;
export const HWID_RESET_FAILED = 'Failed to reset HWID.';

const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;

/** The server's reason with its ISO times made readable ("... after 12 Mar 2026, 14:05."). */
function readableReason(message: string): string {
  return message.replace(ISO_TIME, (iso) => absoluteDate(iso) ?? iso);
}

/** One owned product: expiry, HWID, and the Reset HWID / Settings buttons the flags allow. */
export function OwnedProductCard({ product }: { product: OwnedProduct }) {
  const resetHwid = useResetHwid();
  const [reason, setReason] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const expired = new Date(product.expiresAt).getTime() <= Date.now();
  const revoked = product.revoked ?? null;
  const multiMachine = (product.maxMachines ?? 1) > 1;

  const reset = async () => {
    setReason(null);
    try {
      await resetHwid.mutateAsync(product._id);
      window.alert(HWID_RESET_OK);
    } catch (error) {
      window.alert(HWID_RESET_FAILED);
      setReason(readableReason(getServerMessage(error, HWID_RESET_FAILED)));
    }
  };

  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg font-semibold text-fg">{product.title}</h3>
        <Badge tone={revoked || expired ? 'danger' : 'success'}>
          {revoked ? 'Revoked' : expired ? 'Expired' : 'Active'}
        </Badge>
      </div>
      {revoked && (
        <p role="note" className="mt-3 rounded-md border border-danger/40 p-3 text-sm text-fg">
          Revoked <DateText iso={revoked.at} />: {revoked.reason}. The tool no longer accepts this
          licence; contact support if you think this is a mistake.
        </p>
      )}
      <dl className="mt-4 grid gap-3 text-sm">
        <div>
          <dt className="text-fg-subtle">{expired ? 'Expired' : 'Expires'}</dt>
          <dd className="mt-0.5 text-fg">
            <DateText iso={product.expiresAt} />
          </dd>
        </div>
        <div hidden={multiMachine}>
          <dt className="text-fg-subtle">HWID</dt>
          <dd className="mt-0.5 font-mono break-all text-fg">
            {product.hwid ?? <span className="font-sans text-fg-muted italic">Not bound yet</span>}
          </dd>
        </div>
        {product.licenceKey && (
          <div>
            <dt className="text-fg-subtle">Licence key (for the tool)</dt>
            <dd className="mt-1 flex items-center gap-2">
              <code className="min-w-0 flex-1 font-mono text-xs break-all text-fg">
                {product.licenceKey}
              </code>
              <CopyButton value={product.licenceKey} label="Copy licence key" />
            </dd>
          </div>
        )}
      </dl>
      {multiMachine && <LicenceMachines product={product} />}
      {!revoked && (product.canResetHWID || product.canAccessSettings) && (
        <div className="mt-auto pt-5">
          <div className="flex flex-wrap gap-2">
            {product.canResetHWID && (
              <Button
                variant="secondary"
                size="sm"
                onClick={reset}
                disabled={resetHwid.isPending}
                aria-describedby={reason ? `hwid-reason-${product._id}` : undefined}
              >
                {resetHwid.isPending ? (
                  <Spinner className="size-4" />
                ) : (
                  <RotateCcw aria-hidden="true" className="size-4" />
                )}
                Reset HWID
              </Button>
            )}
            {product.canAccessSettings && (
              <Button variant="secondary" size="sm" onClick={() => setSettingsOpen(true)}>
                <Settings aria-hidden="true" className="size-4" />
                Settings
              </Button>
            )}
          </div>
          {reason && (
            <p id={`hwid-reason-${product._id}`} role="alert" className="mt-2 text-sm text-danger">
              {reason}
            </p>
          )}
          {product.canResetHWID && !reason && product.nextHwidResetAt && (
            <p className="mt-2 text-sm text-fg-muted">
              Next HWID reset possible <DateText iso={product.nextHwidResetAt} />
            </p>
          )}
        </div>
      )}
      {product.canAccessSettings && (
        <LicenceSettingsDialog
          product={product}
          open={settingsOpen}
          onOpenChange={setSettingsOpen}
        />
      )}
    </Card>
  );
}
