// Who is signed in and how to sign out: used by the shell, the guards and every feature.
export { currentUserQueryOptions, getCurrentUser, useCurrentUser } from './current-user';
export { logout, useLogout } from './logout';
