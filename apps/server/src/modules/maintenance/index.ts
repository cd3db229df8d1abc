export { maintenanceCache } from './maintenance.cache';
