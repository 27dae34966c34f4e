/**
 * The staff audit log: every module records its staff actions here, in the transaction of the change;
 * the console reads it. A leaf module (it imports no other), so any module may use it without a circle.
 */
export { exportAuditLog, listAuditLog, recordAudit } from './audit';
