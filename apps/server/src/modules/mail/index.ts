/**
 * Outgoing mail. Other modules call `enqueueMail(tx, {...})` inside the transaction of their change and
 * add their template to `MAIL_TEMPLATES` and to `packages/contracts/locales/<lang>/mail.json`.
 */
export { cancelPendingMail, enqueueMail, listOutbox, type TEnqueueMail } from './outbox';
export { mailRoutes } from './routes';
export { escapeHtml, MAIL_TEMPLATES, renderMail, type TMailParams, type TMailTemplate } from './templates';
export {
  createSmtpSender,
  deliverDueMail,
  MAIL_MAX_ATTEMPTS,
  retryDelaySeconds,
  startMailWorker,
  type TMailMessage,
  type TMailSender,
  type TMailWorker,
  type TSmsProvider,
} from './worker';
