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
  paymentsNotSetUp: 'Payments are not set up.',
  paymentsTestBanner: 'Test mode: no real payment happens.',
  couponInvalid: 'This coupon cannot be used.',
  couponUnknown: 'Unknown coupon code.',
  couponInactive: 'This coupon is no longer active.',
  couponExpired: 'This coupon has expired.',
  couponWrongProduct: 'This coupon does not apply to this product.',
  couponUsedUp: 'This coupon has been used the maximum number of times.',
  twoFactorRequired: '2FA code is required. Please enter your code.',
  paymentProcessorUnavailable:
    'The payment processor did not answer. Please try again in a moment.',
} as const;
