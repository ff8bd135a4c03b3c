// Drizzle only: job links (docs/decisions/044-job-page.md).
import { jobLinks } from "../../shared/schema";
import type { Db } from "../db/client";

/** Inside the lead's own insert transaction: a market lead always has a link. */
export async function insertJobLink(tx: Db, leadId: number, tokenHash: string, now: Date) {
  await tx.insert(jobLinks).values({ leadId, tokenHash, createdAt: now });
}
