// A job view as GET /api/jobs/:token answers it, for the job page's tests.
import type { JobStatus, JobView } from "@shared/jobs";

export const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";

const TIMES: Record<JobStatus, string> = {
  finding: "2026-03-02T22:10:00.000Z",
  matched: "2026-03-02T22:41:00.000Z",
  contacted: "2026-03-02T23:05:00.000Z",
  quoted: "2026-03-03T01:00:00.000Z",
  accepted: "2026-03-03T02:00:00.000Z",
  booked: "2026-03-03T03:00:00.000Z",
  paid: "2026-03-05T04:00:00.000Z",
  closed: "2026-03-06T04:00:00.000Z",
};

const ORDER: JobStatus[] = ["finding", "matched", "contacted", "quoted", "accepted", "booked", "paid"];

/** A request in Parramatta at `status`, its timeline up to there; sold from `matched` on. */
export function jobView(status: JobStatus, overrides: Partial<JobView> = {}): JobView {
  const reached = status === "closed" ? ["finding", "matched", "closed"] : ORDER.slice(0, ORDER.indexOf(status) + 1);
  const sold = status !== "finding";
  return {
    jobReference: "AE-104233E",
    status,
    submittedAt: TIMES.finding,
    serviceType: "installation",
    suburb: "Parramatta",
    state: "NSW",
    postcode: "2150",
    electricalWork: "Two new power points in the garage and an outside light by the back door.",
    electrician: sold
      ? {
          businessName: "Sparkright Electrical",
          firstName: "Dave",
          phone: "0412345678",
          licenceNumber: "245871C",
          licenceState: "NSW",
          licenceCheckedAt: "2026-01-14T00:00:00.000Z",
          abn: "53004085616",
          memberSince: "2025-03-10T00:00:00.000Z",
          jobsCompleted: 12,
          medianMinutesToContact: 25,
        }
      : null,
    contactBy: sold ? "2026-03-03T00:41:00.000Z" : null,
    timeline: reached.map((s) => ({ status: s as JobStatus, at: TIMES[s as JobStatus] })),
    actions: [],
    notContacted: null,
    closure: null,
    photoCount: 0,
    photos: [],
    quote: null,
    invoices: [],
    ...overrides,
  };
}
