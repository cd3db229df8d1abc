import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { getFieldErrors } from './api-client';

/**
 * Puts a failed call's field errors (the API's `errors` map) under the form's matching fields and
 * focuses the first. Returns true when at least one field got an error.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  let applied = false;
  for (const [field, message] of Object.entries(getFieldErrors(error))) {
    const match = fields.find((candidate) => candidate === field);
    if (!match) continue;
    setError(match, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
