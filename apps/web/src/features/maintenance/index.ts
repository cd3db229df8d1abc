// The maintenance feature's public surface: the status query and the gate the app shell wraps pages in.
export { maintenanceStatusQueryOptions, useMaintenanceStatus } from './api/get-maintenance-status';
export { MaintenanceGate } from './components/maintenance-gate';
