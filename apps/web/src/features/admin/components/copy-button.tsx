import { LIMITS } from '@stellar/shared';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';

interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  value: string;
  /** Accessible name, e.g. "Copy password". */
  label: string;
}

/** Copies `value`; the button says "Copied!" for 2 seconds (spec section 9). */
export function CopyButton({
  value,
  label,
  variant = 'secondary',
  size = 'sm',
  ...props
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), LIMITS.copiedFeedbackMs);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch (error) {
      console.error('Copying to the clipboard failed.', error);
    }
  };

  return (
    <Button
      variant={variant}
      size={size}
      aria-label={copied ? undefined : label}
      onClick={copy}
      {...props}
    >
      {copied ? (
        <Check aria-hidden="true" className="size-4" />
      ) : (
        <Copy aria-hidden="true" className="size-4" />
      )}
      <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
    </Button>
  );
}
