// The authorization matrix's rows of bookings/'s routes (docs/decisions/010, 102-booking-windows.md):
// each route × each kind of caller → the status expected. server/features/auth/authorization-matrix.test.ts
// walks every feature's rows.
import { createLead } from "../../../setup/factories";
import { cookie, everyone, providersPurchase, type MatrixFixtures, type MatrixPart } from "../../../test/authorization-routes";
import { createJobLink } from "../../../core/job-links";

/** A fresh request on sale: nothing offered, so nothing to pick or move. */
const unsoldJob = async (fx: MatrixFixtures) => `/api${(await createJobLink(fx.db, (await createLead(fx.db)).id, new Date())).replace(/^\/job\//, "/jobs/")}`;
const WINDOW = { date: "2099-01-05", start: "09:00", end: "11:00" };

export const bookingMatrix: MatrixPart = {
  rows: [
    // The card's booking: the buyer's side and the super admin; a stranger's job is "not found".
    {
      method: "get",
      path: async (fx) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/booking-windows`,
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
    // A job still at Purchased with no call logged: no times yet (409) for those who may offer them.
    {
      method: "post",
      path: async (fx) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/booking-windows`,
      body: { windows: [WINDOW], version: 1 },
      expect: cookie({ customer: 403, provider: 409, teamMember: 409, otherProvider: 404, superAdmin: 409 }),
    },
    {
      method: "post",
      path: async (fx) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/booking/cancel`,
      body: { reason: "Van broke down", version: 1 },
      expect: cookie({ customer: 403, provider: 409, teamMember: 409, otherProvider: 404, superAdmin: 409 }),
    },
    // The customer's side: the token is the only key; an unknown one is 404 for all, a request with nothing offered 409.
    { method: "post", path: `/api/jobs/${"m".repeat(32)}/booking/pick`, body: { windowId: 1 }, expect: everyone(404) },
    // Nothing booked on a request on sale: the calendar file is "not found" for every caller.
    { method: "get", path: async (fx) => `${await unsoldJob(fx)}/booking.ics`, expect: everyone(404) },
    { method: "post", path: async (fx) => `${await unsoldJob(fx)}/booking/pick`, body: { windowId: 1 }, expect: everyone(409) },
    { method: "post", path: async (fx) => `${await unsoldJob(fx)}/booking/other-times`, body: { note: "Weekends" }, expect: everyone(409) },
    { method: "post", path: async (fx) => `${await unsoldJob(fx)}/booking/move`, body: { note: "Away that week" }, expect: everyone(409) },
  ],
  outsideThePolicy: [
    "GET /api/jobs/:token/booking.ics",
    "POST /api/jobs/:token/booking/pick",
    "POST /api/jobs/:token/booking/other-times",
    "POST /api/jobs/:token/booking/move",
  ],
};
