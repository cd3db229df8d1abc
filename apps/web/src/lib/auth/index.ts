// Who is signed in: used by the shell, the guards and every feature. Signing out (./logout, with
// react-query's mutation code) is imported directly by the signed-in menus' lazy chunk: exported from
// here, the entry chunk would carry it for every anonymous visit.
export { currentUserQueryOptions, getCurrentUser, useCurrentUser } from './current-user';
