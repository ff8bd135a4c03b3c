// The authorization matrix's rows of lead-invoices/'s routes (docs/decisions/010): our tax
// invoice, adjustment note and statement go to the buyer, their team and the super admin; another
// provider's purchase is "not found", never "forbidden" (docs/decisions/053-tax-documents-pdf.md).
import { createPurchase } from "../db/factories";
import { cookie, pipelineUsers, providersPurchase, type MatrixFixtures, type MatrixPart } from "../test/authorization-routes";

async function refundedPurchase(fx: MatrixFixtures) {
  const refunded = new Date("2026-11-03T02:00:00Z");
  const purchase = await createPurchase(fx.db, fx.users.provider.id, {
    purchase: { buyerName: "Matrix Buyer", amountPaid: "40.00", paymentStatus: "refunded", refundAmount: "40.00", refundedAt: refunded },
  });
  return purchase.id;
}

export const leadInvoiceMatrix: MatrixPart = {
  rows: [
    {
      method: "get",
      path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/tax-invoice`,
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
    {
      method: "get",
      path: async (fx: MatrixFixtures) => `/api/lead-purchases/${await refundedPurchase(fx)}/adjustment-note`,
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
    { method: "get", path: "/api/lead-purchases/statement?month=2026-11", expect: pipelineUsers(200) },
  ],
};
