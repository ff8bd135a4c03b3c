// Chargebacks (docs/decisions/089-server-tiers.md, 093-disputes.md): Stripe's disputes of a lead
// purchase or of a customer's payment on an electrician's account, each event applied once in
// order, and whether a dispute stands in the way of a refund.
export { disputeBlockingRefund, disputesByPurchase, disputesOfPayments, disputesForOperator, isDisputeEvent, recordDisputeEvent } from "./dispute";
