import { providerCallbacks } from "../../../shared/schema";
import type { CallbackRequest } from "../../../shared/callbacks";
import type { Db } from "../../platform/db/client";

export async function insertCallback(db: Db, request: Omit<CallbackRequest, "website">, now: Date) {
  const [row] = await db
    .insert(providerCallbacks)
    .values({ ...request, status: "pending", createdAt: now, updatedAt: now })
    .returning({ id: providerCallbacks.id });
  return row!;
}
