// Making a customer's job link (docs/decisions/044-job-page.md).
import { jobPath } from "../../shared/jobs";
import type { Db } from "../db/client";
import { jobTokenHash, newJobToken } from "./job-token";
import { insertJobLink } from "./links-repo";

/** A new link to a market lead's job page, in the caller's transaction; returns its path. */
export async function createJobLink(tx: Db, leadId: number, now: Date): Promise<string> {
  const token = newJobToken();
  await insertJobLink(tx, leadId, jobTokenHash(token), now);
  return jobPath(token);
}

/** The honeypot's answer: shaped like a real link, leading nowhere. */
export const decoyJobUrl = () => jobPath(newJobToken());
