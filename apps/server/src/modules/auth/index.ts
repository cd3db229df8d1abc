export { issueResetCode, registerUser } from './auth.service';
export { hashPassword } from './password';
export {
  IMPERSONATION_MS,
  accountColumns,
  createSession,
  findSessionUser,
  selectLiveSessions,
} from './sessions.service';
export type { SessionUser } from './sessions.service';
export { checkSecondFactor, clearTwoFactor } from './two-factor.service';
