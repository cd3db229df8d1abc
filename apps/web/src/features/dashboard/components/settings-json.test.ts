import { describe, expect, it } from 'vitest';
import { settingsFormSchema } from './settings-json';

describe('settingsFormSchema', () => {
  it('turns the editor text into the settings object', () => {
    expect(settingsFormSchema.parse({ settings: '{ "threads": 4 }' })).toEqual({
      settings: { threads: 4 },
    });
  });

  it('refuses what the server would refuse, with the editor message', () => {
    const message = (text: string) =>
      settingsFormSchema.safeParse({ settings: text }).error?.issues[0]?.message;
    expect(message('{ "threads": ')).toMatch(/^Settings must be valid JSON\./);
    expect(message('[1, 2]')).toBe('Settings must be a JSON object.');
    expect(message(JSON.stringify({ big: 'x'.repeat(17 * 1024) }))).toBe(
      'Settings must be at most 16 KiB of JSON.',
    );
  });
});
