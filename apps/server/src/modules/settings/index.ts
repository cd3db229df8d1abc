export { updateSettings } from './settings.commands';
export { getGlobalSettings } from './settings.service';
export type { GlobalSettings } from './settings.service';
