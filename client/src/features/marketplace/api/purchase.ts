import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PaymentIntentResponse, PurchaseRequestBody } from "@shared/marketplace";
import { apiJson } from "@/lib/api-client";
import { AVAILABLE_LEADS_KEY } from "./available-leads";
import type { PurchasedLead } from "@shared/pipeline";
import type { ElectricianStanding } from "@shared/profile-standing";
import type { PurchaseContact } from "@shared/pipeline-contact";
import type { PurchaseAftercare } from "@shared/unreachable";
import { QUERY_KEYS } from "@/lib/query-keys";
import type { DiscountRule } from "@shared/discount-rule";
import type { ValidDiscountResponse } from "@shared/discounts";

/** A code the buyer applied in the dialog: its rule is re-applied to the live price every tick. */
export interface AppliedDiscount extends DiscountRule {
  code: string;
}

export interface PurchaseResult {
  /** The sale's row alone: the pipeline's contact and after-sale fields come with GET /api/my-purchased-leads. */
  purchase: Omit<PurchasedLead, "lead" | keyof PurchaseContact | keyof PurchaseAftercare>;
  lead: PurchasedLead["lead"];
  message: string;
  /** The buyer's public profile and real rating, as the customer's job page shows them (docs/decisions/060-public-profiles.md). */
  electrician: ElectricianStanding;
}

export function purchaseLead(leadId: number, body: PurchaseRequestBody) {
  return apiJson<PurchaseResult>("POST", `/api/leads/${leadId}/purchase`, body);
}

export function createPaymentIntent(leadId: number, discountCode?: string) {
  return apiJson<PaymentIntentResponse>("POST", "/api/create-payment-intent", { leadId, discountCode });
}

/** The code's rule, not a frozen amount: the dialog works the discount out on every tick. */
export function validateDiscountCode(code: string) {
  return apiJson<ValidDiscountResponse>("POST", "/api/discount-codes/validate", { code });
}

/** Lets the live market tell the buyer's own purchases from a rival's (api/live-market.ts). */
export const PURCHASE_LEAD_KEY = ["purchase-lead"] as const;

/** Buying changes both lists: the lead leaves the market and joins the pipeline. */
export function usePurchaseLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: PURCHASE_LEAD_KEY,
    mutationFn: ({ leadId, body }: { leadId: number; body: PurchaseRequestBody }) => purchaseLead(leadId, body),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: AVAILABLE_LEADS_KEY }),
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.purchasedLeads }),
      ]);
    },
  });
}
