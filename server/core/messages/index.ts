// What the rest of the server may use of messages/ (docs/decisions/040-server-walls.md, 074).
export { enqueueMessage, messageColumns, messagesFrom } from "./outbox-repo";
export { smsFromUs } from "./sms-text";
export { handoverWithSale, type HandoverSettings } from "./handover";
export { buyerAccountColumn, type BuyerAccount } from "./purchases-repo";
export { createOutbox } from "./outbox";
export { afterQuietHours } from "./quiet-hours";
export {
  enqueueBookingMessage,
  enqueueBookingNews,
  enqueueOnMyWay,
  customerMobile,
  withdrawBookingMessages,
  withdrawBookingNews,
  type CustomerMessageSettings,
} from "./customer-updates";
export { enqueueCustomerSms, enqueueProviderNotice, type ProviderNotice } from "./notices";
export { enqueueCertificateReady, enqueueFormSent, enqueueInvoicePaid, enqueueQuoteSent } from "./documents";
export { dismissNotice, openNoticesOf } from "./dashboard-notices-repo";
export { registerOutboxMetrics } from "./metrics";
