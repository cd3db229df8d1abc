export { listAudit } from './audit.queries';
export { writeAudit } from './audit.service';
