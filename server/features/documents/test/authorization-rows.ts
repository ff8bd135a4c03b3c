// The authorization matrix's rows of documents/'s routes (docs/decisions/010): quotes, invoices,
// payments and the business details go to the buyer, their team and the super admin; another
// provider's are "not found"; a team member may not change the business details (403); the
// customer's answers, PDF and online payments open with the job's token alone (docs/decisions/051, 056).
import { paymentDisputes } from "../../../../shared/schema";
import { createUser } from "../../../setup/factories";
import type { MatrixFixtures, MatrixPart } from "../../../test/authorization-routes";
import { cookie, everyone, pipelineUsers, providersPurchase } from "../../../test/authorization-routes";
import { soldLead } from "../../../test/job-links";
import { aCurrentUser } from "../../../test/sign-in";
import type { DocumentDeps } from "../deps";
import { issueInvoice } from "../invoices";
import { insertPayment } from "../invoices-repo";
import { sendQuote } from "../quotes";
import { markAccepted } from "../quotes-repo";
import { moveBackFromPaid, moveStageByDocument } from "../../pipeline";
import { markPaidOnPlatform } from "../../reviews";

const LINE = [{ description: "Smoke alarm replaced", quantity: "1", unitPrice: "120.00", gstFree: false }];
const deps = (fx: MatrixFixtures): DocumentDeps => ({
  db: fx.db,
  now: () => new Date(),
  settings: { origin: "http://localhost", sitePhone: "1300 000 000" },
  moveStage: moveStageByDocument,
  moveBackFromPaid,
  markPaidOnPlatform,
  wake: () => {},
});

/**
 * A fresh quote on a fresh market job, with its job token; accepted when asked. The customer's
 * rows use a buyer of their own: `provider` holds the alerts rows' push devices, and an answer's
 * notice to them would try a device that does not exist while the app stops.
 */
async function quoted(fx: MatrixFixtures, accepted = false, buyerId = fx.users.provider.id, depositPercent: number | null = null) {
  const now = new Date();
  const { sale, token } = await soldLead(fx.db, buyerId, {
    createdAt: new Date(now.getTime() - 7_200_000),
    purchasedAt: new Date(now.getTime() - 3_600_000),
  });
  const quote = await sendQuote(deps(fx), aCurrentUser({ id: buyerId, userType: "provider" }), sale.id, { items: LINE, notes: null, depositPercent });
  if (accepted)
    await markAccepted(fx.db, quote.id, {
      quoteId: quote.id,
      signatureName: "Matrix Customer",
      acceptedAt: now,
      ip: null,
      userAgent: null,
      termsHash: "0".repeat(64),
    });
  return { sale, token, quote };
}

async function invoiced(fx: MatrixFixtures, buyerId = fx.users.provider.id) {
  const { sale, token } = await quoted(fx, false, buyerId);
  const invoice = await issueInvoice(deps(fx), aCurrentUser({ id: buyerId, userType: "provider" }), sale.id, { items: LINE, notes: null });
  return { token, invoice: { ...invoice, purchaseId: sale.id } };
}

/**
 * A demo payment made online on an invoice of the provider's; its id. Written straight to the
 * table: the payment's notice would go to `provider`'s push devices, which the alerts rows hold.
 */
async function paidOnline(fx: MatrixFixtures) {
  const { invoice } = await invoiced(fx);
  const payment = await insertPayment(fx.db, {
    purchaseId: invoice.purchaseId,
    invoiceId: invoice.id,
    amount: "10.00",
    method: "card",
    source: "demo",
    paymentIntentId: `demo_matrix_${invoice.id}`,
    recordedAt: new Date(),
  });
  return payment!.id;
}

/** An online payment on the electrician's Stripe account that the customer's bank disputes (docs/decisions/094). */
async function disputedOnline(fx: MatrixFixtures) {
  const { invoice } = await invoiced(fx);
  const intentId = `pi_matrix_${invoice.id}`;
  const payment = await insertPayment(fx.db, {
    purchaseId: invoice.purchaseId,
    invoiceId: invoice.id,
    amount: "10.00",
    method: "card",
    source: "stripe",
    paymentIntentId: intentId,
    stripeAccount: "acct_matrix",
    recordedAt: new Date(),
  });
  await fx.db.insert(paymentDisputes).values({
    stripeDisputeId: `dp_matrix_${invoice.id}`,
    stripeAccount: "acct_matrix",
    chargeId: `ch_matrix_${invoice.id}`,
    paymentIntentId: intentId,
    amountCents: 1000,
    currency: "aud",
    reason: "fraudulent",
    status: "needs_response",
    changedAt: new Date(),
  });
  return payment!.id;
}

/** The buyer's side: 201/200 for the buyer, their team and the super admin, 404 for another provider. */
const buyerSide = (ok: number) => cookie({ customer: 403, provider: ok, teamMember: ok, otherProvider: 404, superAdmin: ok });

export const documentMatrix: MatrixPart = {
  rows: [
    { method: "get", path: "/api/provider/business", expect: pipelineUsers(200) },
    {
      method: "patch",
      path: "/api/provider/business",
      body: { paymentTermsDays: 7 },
      expect: cookie({ customer: 403, provider: 200, teamMember: 403, otherProvider: 200, superAdmin: 200 }),
    },
    { method: "get", path: async (fx) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/documents`, expect: buyerSide(200) },
    {
      method: "post",
      path: async (fx) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/quotes`,
      body: { items: LINE },
      expect: buyerSide(201),
    },
    {
      method: "post",
      path: async (fx) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/invoices`,
      body: { items: LINE },
      expect: buyerSide(201),
    },
    {
      method: "post",
      path: async (fx) => `/api/quotes/${(await quoted(fx, true)).quote.id}/payments`,
      body: { amount: "10", method: "cash" },
      expect: buyerSide(200),
    },
    {
      method: "post",
      path: async (fx) => `/api/invoices/${(await invoiced(fx)).invoice.id}/payments`,
      body: { amount: "10", method: "eft" },
      expect: buyerSide(200),
    },
    { method: "post", path: async (fx) => `/api/invoices/${(await invoiced(fx)).invoice.id}/void`, body: { reason: "Wrong lines" }, expect: buyerSide(200) },
    { method: "get", path: async (fx) => `/api/invoices/${(await invoiced(fx)).invoice.id}/pdf`, expect: buyerSide(200) },
    // Money online (docs/decisions/056): onboarding is the owner's (409 here: the matrix app is in
    // demo mode); a refund is the job's side's, like recording a payment.
    {
      method: "post",
      path: "/api/provider/business/stripe-onboarding",
      expect: cookie({ customer: 403, provider: 409, teamMember: 403, otherProvider: 409, superAdmin: 409 }),
    },
    { method: "post", path: async (fx) => `/api/payments/${await paidOnline(fx)}/refund`, body: { reason: "Job cancelled" }, expect: buyerSide(200) },
    { method: "get", path: async (fx) => `/api/payments/${await disputedOnline(fx)}/dispute-evidence`, expect: buyerSide(200) },
    // The customer's side: the token is the only key, a session opens nothing more.
    {
      method: "post",
      path: async (fx) => {
        const { token, quote } = await quoted(fx, false, (await createUser(fx.db)).id);
        return `/api/jobs/${token}/quotes/${quote.id}/accept`;
      },
      body: { signatureName: "Matrix Customer" },
      expect: everyone(200),
    },
    {
      method: "post",
      path: async (fx) => {
        const { token, quote } = await quoted(fx, false, (await createUser(fx.db)).id);
        return `/api/jobs/${token}/quotes/${quote.id}/decline`;
      },
      body: { reason: "price" },
      expect: everyone(200),
    },
    {
      method: "get",
      path: async (fx) => {
        const { token, invoice } = await invoiced(fx);
        return `/api/jobs/${token}/invoices/${invoice.id}/pdf`;
      },
      expect: everyone(200),
    },
    // Paying online: the token alone (demo mode here: paid at once).
    {
      method: "post",
      path: async (fx) => {
        const { token, quote } = await quoted(fx, true, (await createUser(fx.db)).id, 20);
        return `/api/jobs/${token}/quotes/${quote.id}/pay`;
      },
      expect: everyone(200),
    },
    {
      method: "post",
      path: async (fx) => {
        const { token, invoice } = await invoiced(fx, (await createUser(fx.db)).id);
        return `/api/jobs/${token}/invoices/${invoice.id}/pay`;
      },
      expect: everyone(200),
    },
  ],
  outsideThePolicy: [
    "POST /api/jobs/:token/quotes/:quoteId/accept",
    "POST /api/jobs/:token/quotes/:quoteId/decline",
    "GET /api/jobs/:token/invoices/:id/pdf",
    "POST /api/jobs/:token/quotes/:quoteId/pay",
    "POST /api/jobs/:token/invoices/:id/pay",
  ],
};
