import { LIMITS, MESSAGES, type LicenceSettings } from '@stellar/shared';
import { z } from 'zod';

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

/** The settings editor's form: its text must parse as {@link parseSettingsJson} accepts. */
export const settingsFormSchema = z.object({
  settings: z.string().transform((text, ctx) => {
    const parsed = parseSettingsJson(text, LIMITS.licenceSettingsMaxBytes);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }),
});
export type SettingsFormValues = z.input<typeof settingsFormSchema>;
