import { MESSAGES } from '@stellar/shared';

// The spec's texts for the account forms, word for word (docs/product.md#screens-texts-and-constants).
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const REGISTER_UNKNOWN_ERROR = 'Unknown error occurred';
export const TWO_FACTOR_REQUIRED = MESSAGES.twoFactorRequired;
export const LOGIN_UNEXPECTED_ERROR = 'An unexpected error occurred.';
export const NO_TOKEN_IN_RESPONSE = 'No token found in response. Please try again.';
export const RESET_CODE_EXPLANATION =
  'Enter a code from your authenticator app, one of your backup codes, or a one-time reset code from Stellar support.';
