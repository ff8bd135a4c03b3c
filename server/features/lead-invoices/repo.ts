// Drizzle only: a purchase with what its tax invoice prints (the lead's reference, service type
// and suburb; the buyer's business; the discount code; the refund), one purchase or a month's
// (docs/decisions/053-tax-documents-pdf.md).
import { and, asc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import { discountCodes, leadPurchases, leads, purchaseRefunds, users } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

const invoiceColumns = {
  id: leadPurchases.id,
  buyerId: leadPurchases.buyerId,
  amountPaid: leadPurchases.amountPaid,
  discountAmount: leadPurchases.discountAmount,
  paymentStatus: leadPurchases.paymentStatus,
  purchasedAt: leadPurchases.purchasedAt,
  buyerName: leadPurchases.buyerName,
  buyerCompany: leadPurchases.buyerCompany,
  // A refunded purchase without its row (refunded in Stripe before refunds had rows, docs/decisions/049) keeps the copy on the purchase.
  refundedAt: leadPurchases.refundedAt,
  refundAmount: leadPurchases.refundAmount,
  updatedAt: leadPurchases.updatedAt,
  jobReference: leads.jobReference,
  serviceType: leads.serviceType,
  suburb: leads.suburb,
  state: leads.state,
  businessName: users.companyName,
  businessAbn: users.abn,
  businessAddress: users.businessAddress,
  discountCode: discountCodes.code,
  refund: { amount: purchaseRefunds.amount, reason: purchaseRefunds.reason, at: purchaseRefunds.createdAt },
};

export type InvoiceablePurchase = Awaited<ReturnType<typeof selectPurchases>>[number];

function selectPurchases(db: Db, where: SQL | undefined) {
  return db
    .select(invoiceColumns)
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .innerJoin(users, eq(users.id, leadPurchases.buyerId))
    .leftJoin(discountCodes, eq(discountCodes.id, leadPurchases.discountCodeId))
    .leftJoin(purchaseRefunds, eq(purchaseRefunds.purchaseId, leadPurchases.id))
    .where(where)
    .orderBy(asc(leadPurchases.purchasedAt), asc(leadPurchases.id));
}

/** One purchase; `ownerId` null for the super admin, who sees every buyer's. Released and archived purchases too: the sale happened. */
export async function findPurchase(db: Db, purchaseId: number, ownerId: number | null): Promise<InvoiceablePurchase | undefined> {
  const [row] = await selectPurchases(db, and(eq(leadPurchases.id, purchaseId), ownerId === null ? undefined : eq(leadPurchases.buyerId, ownerId)));
  return row;
}

const PAID = inArray(leadPurchases.paymentStatus, ["completed", "refunded"]);

/** The owner's paid purchases made in [from, to). */
export function purchasesBetween(db: Db, ownerId: number, from: Date, to: Date) {
  return selectPurchases(
    db,
    and(
      eq(leadPurchases.buyerId, ownerId),
      PAID,
      sql`${leadPurchases.amountPaid} > 0`,
      gte(leadPurchases.purchasedAt, from),
      lt(leadPurchases.purchasedAt, to),
    ),
  );
}

/** The owner's purchases refunded in [from, to), whenever they were bought: by the refund row's time, or the purchase's copy of it. */
export function refundedBetween(db: Db, ownerId: number, from: Date, to: Date) {
  const refundedAt = sql`coalesce(${purchaseRefunds.createdAt}, ${leadPurchases.refundedAt})`;
  return selectPurchases(
    db,
    and(
      eq(leadPurchases.buyerId, ownerId),
      sql`${leadPurchases.amountPaid} > 0`,
      or(isNotNull(purchaseRefunds.id), eq(leadPurchases.paymentStatus, "refunded")),
      sql`${refundedAt} >= ${from.toISOString()} and ${refundedAt} < ${to.toISOString()}`,
    ),
  );
}

/** The owner's business as the statement names it. */
export async function ownerBusiness(db: Db, ownerId: number) {
  const [row] = await db
    .select({
      companyName: users.companyName,
      abn: users.abn,
      address: users.businessAddress,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(users)
    .where(eq(users.id, ownerId));
  return row;
}
