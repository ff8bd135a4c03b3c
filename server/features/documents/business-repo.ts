// Drizzle only: the electrician's business details, from the account (name, address, ABN) and
// business_settings (the rest; no row means the defaults).
import { eq } from "drizzle-orm";
import { businessSettings, users, type NewUser } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export async function businessRowOf(db: Db, ownerId: number) {
  const [row] = await db
    .select({
      businessName: users.companyName,
      abn: users.abn,
      address: users.businessAddress,
      settings: businessSettings,
    })
    .from(users)
    .leftJoin(businessSettings, eq(businessSettings.providerId, users.id))
    .where(eq(users.id, ownerId));
  return row;
}
export type BusinessRow = NonNullable<Awaited<ReturnType<typeof businessRowOf>>>;

export interface BusinessChanges {
  account: Pick<Partial<NewUser>, "companyName" | "abn" | "businessAddress">;
  settings: Partial<
    Pick<typeof businessSettings.$inferInsert, "gstRegistered" | "publicProfile" | "invoicePrefix" | "paymentTermsDays" | "bankBsb" | "bankAccount">
  >;
}

export async function saveBusiness(tx: Db, ownerId: number, changes: BusinessChanges, now: Date) {
  if (Object.keys(changes.account).length > 0)
    await tx
      .update(users)
      .set({ ...changes.account, updatedAt: now })
      .where(eq(users.id, ownerId));
  await tx
    .insert(businessSettings)
    .values({ providerId: ownerId, ...changes.settings, updatedAt: now })
    .onConflictDoUpdate({ target: businessSettings.providerId, set: { ...changes.settings, updatedAt: now } });
}
