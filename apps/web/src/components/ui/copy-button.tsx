import { Check, Copy } from 'lucide-react';
import { useId } from 'react';
import { Button, type ButtonProps } from './button';
import { useCopyFeedback } from '@/lib/use-copy-feedback';

interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  value: string;
  /** Accessible name, e.g. "Copy secret". */
  label: string;
  /** Visible text when not copied. */
  text?: string;
}

/** Copies `value`; the button says "Copied!" for 2 seconds. */
export function CopyButton({
  value,
  label,
  text = 'Copy',
  variant = 'secondary',
  size = 'sm',
  ...props
}: CopyButtonProps) {
  const id = useId();
  const { copied, failed, copy } = useCopyFeedback();
  const done = copied === id;
  return (
    <Button
      variant={variant}
      size={size}
      aria-label={done ? undefined : label}
      onClick={() => void copy(value, id)}
      {...props}
    >
      {done ? (
        <Check aria-hidden="true" className="size-4" />
      ) : (
        <Copy aria-hidden="true" className="size-4" />
      )}
      <span aria-live="polite">{done ? 'Copied!' : failed === id ? 'Copy failed' : text}</span>
    </Button>
  );
}
