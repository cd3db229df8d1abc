import { getErrorMessage } from '@/lib/api-client';

/**
 * The spec only logs failed admin actions; we also show them. Logs the failure and returns the
 * text for the inline alert.
 */
export function reportAdminError(action: string, error: unknown): string {
  console.error(`Admin action failed: ${action}.`, error);
  return getErrorMessage(error);
}
