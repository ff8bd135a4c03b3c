// The authorization matrix's rows of lead-invoices/'s routes (docs/decisions/010): our tax
// invoice, adjustment note and statement go to the buyer, their team and the super admin; another
// provider's purchase is "not found", never "forbidden" (docs/decisions/053-tax-documents-pdf.md).
import { createPurchase } from "../../../setup/factories";
import { cookie, leadSpenders, providersPurchase, withLeadSpendShared, type MatrixFixtures, type MatrixPart } from "../../../test/authorization-routes";

async function refundedPurchase(fx: MatrixFixtures) {
  const refunded = new Date("2026-11-03T02:00:00Z");
  const purchase = await createPurchase(fx.db, fx.users.provider.id, {
    purchase: { buyerName: "Matrix Buyer", amountPaid: "40.00", paymentStatus: "refunded", refundAmount: "40.00", refundedAt: refunded },
  });
  return purchase.id;
}

const taxInvoice = async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/tax-invoice`;
const adjustmentNote = async (fx: MatrixFixtures) => `/api/lead-purchases/${await refundedPurchase(fx)}/adjustment-note`;
const STATEMENT = "/api/lead-purchases/statement?month=2026-11";

// A team member sees them only when their owner shares lead spend (docs/decisions/087-lead-spend-private-from-the-team.md).
export const leadInvoiceMatrix: MatrixPart = {
  rows: [
    {
      method: "get",
      path: withLeadSpendShared(false, taxInvoice),
      expect: cookie({ customer: 403, provider: 200, teamMember: 403, otherProvider: 404, superAdmin: 200 }),
    },
    {
      method: "get",
      path: withLeadSpendShared(true, taxInvoice),
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
    {
      method: "get",
      path: withLeadSpendShared(false, adjustmentNote),
      expect: cookie({ customer: 403, provider: 200, teamMember: 403, otherProvider: 404, superAdmin: 200 }),
    },
    {
      method: "get",
      path: withLeadSpendShared(true, adjustmentNote),
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
    { method: "get", path: withLeadSpendShared(false, STATEMENT), expect: leadSpenders(200, false) },
    { method: "get", path: withLeadSpendShared(true, STATEMENT), expect: leadSpenders(200, true) },
  ],
};
