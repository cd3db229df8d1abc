export { updateSettings } from './settings.commands';
export {
  getGlobalSettings,
  globalSettingsColumns,
  presentGlobalSettings,
} from './settings.service';
export type { GlobalSettings } from './settings.service';
