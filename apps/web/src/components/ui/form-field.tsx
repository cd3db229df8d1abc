import { useId, type ReactNode } from 'react';
import { FieldError } from './field-error';
import { Label } from './label';

/** What a control inside a FormField needs to be labelled and described. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** Shown under the label, before the control. */
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, optional hint, the control and its error, wired together with ids. */
export function FormField({ label, hint, error, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-fg-subtle">
          {hint}
        </p>
      )}
      <div className="mt-1.5">
        {children({
          id,
          'aria-invalid': Boolean(error),
          'aria-describedby': describedBy || undefined,
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
