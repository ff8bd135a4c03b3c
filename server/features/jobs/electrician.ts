// Who bought the customer's request, as the job page shows them (docs/decisions/044-job-page.md):
// the business, the licence and when we checked it, and two figures from their own record.
import type { JobElectrician } from "../../../shared/jobs";
import type { User } from "../../../shared/schema";
import { medianMinutes } from "../../core/providers";

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
