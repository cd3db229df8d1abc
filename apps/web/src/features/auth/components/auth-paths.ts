/** Where an account that must choose a new password is sent before anything else. */
export const CHANGE_PASSWORD_PATH = '/change-password';
