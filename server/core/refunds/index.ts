// The refunds ledger (docs/decisions/089-server-tiers.md): a purchase's refunds, made through the
// payment gateway or recorded when Stripe reports one, each once.
export { refundPurchase, recordRefundMadeInStripe, refundsByPurchase } from "./refund";
export { refundsOfPurchases } from "./repo";
