// The money-online contract both sides build on (docs/decisions/056-money-online-stripe-connect.md).
import { describe, expect, it } from "vitest";
import {
  eftDetailsSchema,
  paymentAnswerSchema,
  paymentRefundSchema,
  refundRequest,
  REFUND_REASON_MAX,
  STRIPE_ACCOUNT_STATUS_LABELS,
  STRIPE_ACCOUNT_STATUSES,
  type DocumentAction,
  type EftDetails,
  type OnlinePayment,
  type PaymentRefund,
  type RefundRequest,
} from "./stripe-connect";

describe("the money-online contract", () => {
  it("when a payment is answered, then it is Stripe's client secret on the electrician's account, or a demo; nothing in between", () => {
    const stripe: OnlinePayment = { clientSecret: "pi_1_secret_x", stripeAccount: "acct_1" };
    const demo: OnlinePayment = { demo: true };
    expect(paymentAnswerSchema.parse({ payment: stripe })).toEqual({ payment: stripe });
    expect(paymentAnswerSchema.parse({ payment: demo })).toEqual({ payment: demo });
    expect(paymentAnswerSchema.safeParse({ payment: { demo: false } }).success).toBe(false);
    expect(paymentAnswerSchema.safeParse({ payment: { clientSecret: "pi_1_secret_x" } }).success).toBe(false);
  });

  it("when a refund is asked, then the reason is trimmed and needed, at most 500 characters", () => {
    const asked: RefundRequest = { reason: "  Job cancelled " };
    expect(refundRequest.parse(asked)).toEqual({ reason: "Job cancelled" });
    expect(refundRequest.safeParse({ reason: "   " }).success).toBe(false);
    expect(refundRequest.safeParse({ reason: "x".repeat(REFUND_REASON_MAX + 1) }).success).toBe(false);
    const refund: PaymentRefund = { id: 1, amount: "10.00", reason: "Job cancelled", refundedAt: "2026-11-23T01:00:00.000Z" };
    expect(paymentRefundSchema.parse(refund)).toEqual(refund);
  });

  it("when the page shows how to pay, then every account status has words and EFT carries the reference", () => {
    for (const status of STRIPE_ACCOUNT_STATUSES) expect(STRIPE_ACCOUNT_STATUS_LABELS[status]).toMatch(/\w/);
    const pay: DocumentAction = "pay";
    const eft: EftDetails = { bsb: "062000", account: "12345678", accountName: "Sparkright Electrical", reference: "INV-000001", amount: "880.00" };
    expect(eftDetailsSchema.parse(eft)).toEqual(eft);
    expect(pay).toBe("pay");
  });
});
