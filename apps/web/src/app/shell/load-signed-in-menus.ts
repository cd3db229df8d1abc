/** The signed-in menus' chunk; the top bar asks for it as soon as a session is being loaded. */
export const loadSignedInMenus = () => import('./signed-in-menus');
