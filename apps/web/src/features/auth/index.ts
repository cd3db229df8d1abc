// The auth feature's public surface. Its pages are loaded lazily by the router from routes/.
// The signed-in user and logout live in lib/auth: every feature needs them.
export { CHANGE_PASSWORD_PATH } from './components/auth-paths';
