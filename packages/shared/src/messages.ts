/**
 * Messages the user reads that the server sends and the web app also shows or compares against.
 * Kept word for word from the site spec; both sides import them from here.
 */
export const MESSAGES = {
  hwidResetDone: 'HWID reset successfully!',
  insufficientBalance: 'Insufficient balance to generate keys.',
  invalidKey: 'Invalid or already used key.',
  keyRedeemed: 'Key redeemed successfully',
  keyRequired: 'Key is required.',
  settingsNotObject: 'Settings must be a JSON object.',
  usernameRequired: 'Username is required',
} as const;
