// The account menus (desktop and mobile) and the logout mutation they share: one lazy chunk that
// only signed-in visits load.
export { MobileAccountLinks } from './mobile-account-links';
export { UserMenu } from './user-menu';
