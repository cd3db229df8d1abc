import { MESSAGES, type LicenceSettings } from '@stellar/shared';

export type ParsedSettings = { ok: true; value: LicenceSettings } | { ok: false; error: string };

/** Checks the editor's text the way the server will: a JSON object within the size limit. */
export function parseSettingsJson(text: string, maxBytes: number): ParsedSettings {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof SyntaxError ? ` ${error.message}` : '';
    return { ok: false, error: `Settings must be valid JSON.${detail}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: MESSAGES.settingsNotObject };
  }
  if (new TextEncoder().encode(JSON.stringify(value)).length > maxBytes) {
    return { ok: false, error: `Settings must be at most ${maxBytes / 1024} KiB of JSON.` };
  }
  return { ok: true, value: value as LicenceSettings };
}
