// The licence fields a provider sign-up needs (docs/decisions/033): a current NSW contractor licence and
// a valid ABN, for tests that sign up through the route for some other reason.
import { addDays, sydneyDayKey } from "../../shared/sydney-time";

/** Licence fields valid at `now` (the expiry two years on), ABN typed with spaces as people do. */
export function testLicence(now: Date = new Date()) {
  return { licenceNumber: "123456C", licenceState: "NSW", licenceExpiry: addDays(sydneyDayKey(now), 730), abn: "51 824 753 556" } as const;
}
