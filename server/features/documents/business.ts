// The electrician's business details (docs/decisions/051-quotes-and-tax-invoices.md): what their
// quotes and invoices print. A team member reads their owner's; only the owner (or the super
// admin, for their own) changes them: the route's guard answers a team member 403.
import type { z } from "zod";
import type { CurrentUser } from "../../../shared/auth";
import { DEFAULT_INVOICE_PREFIX, DEFAULT_PAYMENT_TERMS_DAYS, type BusinessDetails, type businessDetailsUpdate } from "../../../shared/business";
import type { DocumentSeller } from "../../../shared/document-lines";
import type { StripeAccount } from "../../../shared/stripe-connect";
import { can } from "../../../shared/policy";
import { pipelineOwnerId } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/http/errors";
import { businessRowOf, saveBusiness, type BusinessChanges, type BusinessRow } from "./business-repo";
import type { DocumentDeps } from "./deps";
import { readStripeAccount } from "./stripe-account";
import { syncSlugOf } from "../../core/providers";

/** Everything a document needs of its seller: who they are and their terms. */
export interface Business extends Omit<BusinessDetails, "canEdit" | "stripeAccount" | "publicProfile"> {
  ownerId: number;
}

function toBusiness(ownerId: number, row: BusinessRow): Business {
  return {
    ownerId,
    businessName: row.businessName,
    abn: row.abn,
    gstRegistered: row.settings?.gstRegistered ?? false,
    address: row.address,
    invoicePrefix: row.settings?.invoicePrefix ?? DEFAULT_INVOICE_PREFIX,
    paymentTermsDays: row.settings?.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS,
    bankBsb: row.settings?.bankBsb ?? null,
    bankAccount: row.settings?.bankAccount ?? null,
  };
}

/** The business of a pipeline owner (the buyer of a job). */
export async function businessOf(db: Db, ownerId: number): Promise<Business> {
  const row = await businessRowOf(db, ownerId);
  if (!row) throw notFound();
  return toBusiness(ownerId, row);
}

export const sellerOf = (b: Business): DocumentSeller => ({ businessName: b.businessName, abn: b.abn, address: b.address, gstRegistered: b.gstRegistered });

const view = (b: Business, user: CurrentUser, stripeAccount: StripeAccount, publicProfile: boolean): BusinessDetails => {
  const { ownerId: _owner, ...details } = b;
  return { ...details, canEdit: can(user, "changeBusinessDetails"), stripeAccount, publicProfile };
};

export async function readBusiness(deps: Pick<DocumentDeps, "db" | "connect">, user: CurrentUser): Promise<BusinessDetails> {
  const ownerId = pipelineOwnerId(user);
  const row = await businessRowOf(deps.db, ownerId);
  if (!row) throw notFound();
  return view(toBusiness(ownerId, row), user, await readStripeAccount(deps, ownerId), row.settings?.publicProfile ?? true);
}

export async function changeBusiness(
  deps: Pick<DocumentDeps, "db" | "connect">,
  user: CurrentUser,
  update: z.output<typeof businessDetailsUpdate>,
  now: Date,
): Promise<BusinessDetails> {
  const { db } = deps;
  const ownerId = pipelineOwnerId(user);
  const changes: BusinessChanges = { account: {}, settings: {} };
  if (update.businessName !== undefined) changes.account.companyName = update.businessName;
  if (update.abn !== undefined) changes.account.abn = update.abn;
  if (update.address !== undefined) changes.account.businessAddress = update.address;
  for (const key of ["gstRegistered", "publicProfile", "invoicePrefix", "paymentTermsDays", "bankBsb", "bankAccount"] as const) {
    if (update[key] !== undefined) (changes.settings as Record<string, unknown>)[key] = update[key];
  }
  await db.transaction((tx) => saveBusiness(tx, ownerId, changes, now));
  // The business name is part of the profile's slug: a rename gives a new one, the old answers 301 (docs/decisions/060-public-profiles.md).
  await syncSlugOf(db, ownerId, now);
  return readBusiness(deps, user);
}
