import type { OwnedProduct } from '@stellar/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { getServerMessage } from '@/lib/api-client';
import { useRemoveMachine } from '../api/remove-machine';
import { absoluteDate, DateText } from './date-text';

type Machine = NonNullable<OwnedProduct['machines']>[number];
export const REMOVE_MACHINE_FAILED = 'Failed to remove the machine.';
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;

/**
 * The machines a multi-machine licence has bound, with Remove (under the HWID reset rules: the
 * server refuses while resets are off or the cooldown runs, and says until when).
 */
export function LicenceMachines({ product }: { product: OwnedProduct }) {
  const machines = product.machines ?? [];
  const max = product.maxMachines ?? 1;
  const remove = useRemoveMachine();
  const [target, setTarget] = useState<Machine | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canRemove = product.canResetHWID && !product.revoked;
  const headingId = `machines-${product._id}`;

  const confirm = async () => {
    if (!target) return;
    setError(null);
    try {
      await remove.mutateAsync({ licenceId: product._id, machineId: target._id });
      setTarget(null);
    } catch (err) {
      const message = getServerMessage(err, REMOVE_MACHINE_FAILED);
      setError(message.replace(ISO_TIME, (iso) => absoluteDate(iso) ?? iso));
    }
  };

  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h4 id={headingId} className="text-sm text-fg-subtle">
        Machines ({machines.length} of {max})
      </h4>
      {machines.length === 0 ? (
        <p className="mt-1 text-sm text-fg-muted italic">
          No machine yet: the first {max} machines that check this licence are bound to it.
        </p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {machines.map((machine) => (
            <li
              key={machine._id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2 text-sm"
            >
              <div className="min-w-0">
                <code className="font-mono text-fg">{machine.hwid}</code>
                <p className="text-xs text-fg-muted">
                  First seen <DateText iso={machine.firstSeenAt} /> · last seen{' '}
                  <DateText iso={machine.lastSeenAt} />
                </p>
              </div>
              {canRemove && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setError(null);
                    setTarget(machine);
                  }}
                  aria-label={`Remove machine ${machine.hwid}`}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title="Remove this machine?"
        description={`${target?.hwid ?? ''} loses access at its next check, and its slot goes to the next machine that checks. This counts as a HWID reset.`}
        confirmLabel="Remove machine"
        onConfirm={confirm}
        pending={remove.isPending}
        error={error}
      />
    </section>
  );
}
