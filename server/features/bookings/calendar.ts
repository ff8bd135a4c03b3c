// The customer's booked time as a calendar file (docs/decisions/102-booking-windows.md): "on both
// calendars". Opened by the job link alone, which can be forwarded, so it holds what the job page
// shows and no more: the window, the electrician's business and phone, the suburb; never the
// street address or the customer's own details.
import { createEvent } from "ics";
import { jobEndOf } from "../../../shared/booking-windows";
import { isBookedStage } from "../../../shared/customer-updates";
import { formatAustralianPhone } from "../../../shared/phone";
import { PRODUCT_NAME } from "../../../shared/site";
import type { Lead } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import * as repo from "./repo";
import { openForBooking } from "./rules";

/** The file, or null when no time is booked (the route answers 404). */
export async function customerCalendar(db: Db, lead: Lead): Promise<{ ics: string; fileName: string } | null> {
  const purchase = lead.source === "provider_manual" ? undefined : await repo.livePurchaseOfLead(db, lead.id);
  if (!purchase?.jobStartsAt || !isBookedStage(purchase.salesStage) || !openForBooking({ ...purchase, closedByCustomerAt: lead.closedByCustomerAt }))
    return null;
  const business = await repo.businessOf(db, purchase.buyerId);
  const who = business?.companyName || "Your electrician";
  const { error, value } = createEvent({
    productId: `-//${PRODUCT_NAME}//Job page//EN`,
    uid: `booking-${purchase.id}@job-page`,
    start: purchase.jobStartsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: jobEndOf(purchase.jobStartsAt, purchase.jobEndsAt).getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: `Electrician: ${who}`,
    location: [lead.suburb, lead.state, lead.postcode].filter(Boolean).join(" ") || undefined,
    description: [`Job ${lead.jobReference}`, business?.phone ? `${who}: ${formatAustralianPhone(business.phone)}` : who].join("\n"),
  });
  if (error || !value) throw error ?? new Error("calendar file not built");
  return { ics: value, fileName: `job-${lead.jobReference}.ics` };
}
