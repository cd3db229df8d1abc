import * as Switch from '@radix-ui/react-switch';
import { useId, useState } from 'react';
import { Select } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The Settings tab: a toggle and a dropdown that change nothing. */
export function HelixSettings() {
  const switchId = useId();
  const selectId = useId();
  const [enabled, setEnabled] = useState(false);
  return (
    <div className="flex max-w-lg flex-col gap-6 rounded-2xl border border-line bg-surface/80 p-6">
      <div className="flex items-center justify-between gap-6">
        <Label htmlFor={switchId}>Enable Feature</Label>
        <Switch.Root
          id={switchId}
          checked={enabled}
          onCheckedChange={setEnabled}
          className="relative h-6 w-11 shrink-0 rounded-full border border-line-strong bg-surface-raised transition-colors data-[state=checked]:border-accent data-[state=checked]:bg-accent"
        >
          <Switch.Thumb className="block size-4.5 translate-x-0.5 rounded-full bg-fg transition-transform data-[state=checked]:translate-x-[1.3rem]" />
        </Switch.Root>
      </div>
      <div>
        <Label htmlFor={selectId}>Dropdown</Label>
        <Select id={selectId} defaultValue="1" className="mt-1.5">
          <option value="1">Dropdown Option 1</option>
          <option value="2">Dropdown Option 2</option>
          <option value="3">Dropdown Option 3</option>
        </Select>
      </div>
    </div>
  );
}
