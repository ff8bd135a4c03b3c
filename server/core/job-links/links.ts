// Making a customer's job link (docs/decisions/044-job-page.md).
import type { SQL } from "drizzle-orm";
import { jobPath } from "../../../shared/jobs";
import type { Lead } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { isJobTokenShaped, jobTokenHash, newJobToken } from "./token";
import { insertJobLink, JOB_TOKEN_HASH, jobLinkOf, leadByTokenHash } from "./repo";

/** A new link to a market lead's job page, in the caller's transaction; returns its path. */
export async function createJobLink(tx: Db, leadId: number, now: Date): Promise<string> {
  const token = newJobToken();
  await insertJobLink(tx, leadId, jobTokenHash(token), now);
  return jobPath(token);
}

/**
 * A new link written by the statement that writes its lead: the one that inserts a new lead
 * (docs/decisions/048-intake-cost.md) or the one that sells it (docs/decisions/112-a-sale-in-one-statement.md).
 * Its path, and its row as a part of that statement, read from the lead's id and created_at.
 */
export function jobLinkWithLead(): { url: string; row: { row: (lead: SQL) => SQL; values: Record<string, unknown> } } {
  const token = newJobToken();
  return { url: jobPath(token), row: { row: jobLinkOf, values: { [JOB_TOKEN_HASH]: jobTokenHash(token) } } };
}

/**
 * The demo data's links, whose tokens are written in server/setup/demo-data.ts so start-up can
 * print them: known tokens, so never outside the demo (docs/decisions/017).
 */
export async function demoJobLink(tx: Db, leadId: number, token: string, now: Date): Promise<string> {
  if (!isJobTokenShaped(token)) throw new Error("a demo job token must have a real token's shape");
  await insertJobLink(tx, leadId, jobTokenHash(token), now);
  return jobPath(token);
}

/** The honeypot's answer: shaped like a real link, leading nowhere. */
export const decoyJobUrl = () => jobPath(newJobToken());

/**
 * The lead a token opens, or null. Every token, well-formed or not, is hashed and looked up
 * the same way (one probe of the unique index), so an unknown or tampered token costs what a
 * real one does until the answer; a revoked link and a provider's own job open nothing.
 */
export async function leadOfToken(db: Db, token: string): Promise<Lead | null> {
  const found = await leadByTokenHash(db, jobTokenHash(token));
  if (!found || !isJobTokenShaped(token) || found.revokedAt !== null || found.lead.source === "provider_manual") return null;
  return found.lead;
}
