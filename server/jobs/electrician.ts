// Who bought the customer's request, as the job page shows them (docs/decisions/044-job-page.md):
// the business, the licence and when we checked it, and two figures from their own record.
import type { JobElectrician } from "../../shared/jobs";
import type { User } from "../../shared/schema";

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

export type Buyer = Pick<
  User,
  "companyName" | "firstName" | "phone" | "licenseNumber" | "licenceState" | "verificationStatus" | "verificationDecidedAt" | "abn" | "createdAt"
>;

export function toJobElectrician(buyer: Buyer, record: { jobsCompleted: number; contactMinutes: number[] }): Omit<JobElectrician, "profilePath" | "rating"> {
  return {
    businessName: buyer.companyName,
    firstName: buyer.firstName,
    phone: buyer.phone,
    licenceNumber: buyer.licenseNumber,
    licenceState: buyer.licenceState,
    // The operator's check against the state register (docs/decisions/033); only an approval is a check passed.
    licenceCheckedAt: buyer.verificationStatus === "approved" ? (buyer.verificationDecidedAt?.toISOString() ?? null) : null,
    abn: buyer.abn,
    memberSince: buyer.createdAt.toISOString(),
    jobsCompleted: record.jobsCompleted,
    medianMinutesToContact: medianMinutes(record.contactMinutes),
  };
}
