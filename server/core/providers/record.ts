// An electrician's own record, the two figures the job page and their public profile show
// (docs/decisions/044-job-page.md, 060-public-profiles.md): a module of its own, so the job page
// and the profiles read it without importing each other (docs/decisions/074).
import type { Db } from "../../platform/db/client";
import { contactMinutesOf, jobsCompletedBy } from "./record-repo";
import { DAY_MS } from "../../../shared/durations";

/** The median is published only over this many purchases or more (docs/product.md section 14: no figure from fewer than 5). */
export const MEDIAN_MIN_PURCHASES = 5;
/** The median looks back this far. */
export const MEDIAN_WINDOW_DAYS = 90;

/** The middle value (the mean of the two middle ones for an even count), to the whole minute; null under MEDIAN_MIN_PURCHASES. */
export function medianMinutes(minutes: number[]): number | null {
  if (minutes.length < MEDIAN_MIN_PURCHASES) return null;
  const sorted = minutes.map((m) => Math.max(0, m)).sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(median);
}

/**
 * The electrician's two figures from their own record, as the job page and their public profile
 * show them (docs/decisions/044-job-page.md, 060-public-profiles.md): market jobs that reached
 * Paid, and the median minutes to first contact over the last 90 days (null under 5 purchases).
 */
export async function electricianRecordOf(db: Db, buyerId: number, now: Date) {
  const since = new Date(now.getTime() - MEDIAN_WINDOW_DAYS * DAY_MS);
  const [jobsCompleted, contactMinutes] = await Promise.all([jobsCompletedBy(db, buyerId), contactMinutesOf(db, buyerId, since)]);
  return { jobsCompleted, contactMinutes, medianMinutesToContact: medianMinutes(contactMinutes) };
}
