// Each state's public holidays for 2026 and 2027, shipped with the code so a deadline counted in
// business days needs no network (docs/decisions/104-compliance-deadlines.md). Days are counted on
// the state's own clock (DESIGN section 11): a Perth job skips Perth's holidays, not Sydney's.
//
// What is listed: holidays that apply across the whole state by default, with the additional or
// substitute weekday each state gives when one falls on a weekend. Holidays of part of a state only
// (Queensland's show days, Tasmania's Regatta and Recreation Day), holidays of the public service
// or banks only, and the evening part-days of Christmas Eve and New Year's Eve are left out: a
// deadline that counts such a day as a business day falls a day early, never late. Weekend-only
// holidays (Easter Saturday and Sunday) are left out too, as a weekend is never a business day.
// Years not listed count weekends only, for the same reason (decision 104).
import { instantOfWallClock, wallClockIn, zoneOfState, type AustralianState } from "./state-time";

type Holidays = Readonly<Record<string, string>>;

/** The holidays every state keeps on the same days in 2026 and 2027. */
const EVERY_STATE: Holidays = {
  "2026-01-01": "New Year's Day",
  "2026-01-26": "Australia Day",
  "2026-04-03": "Good Friday",
  "2026-04-06": "Easter Monday",
  "2026-04-25": "Anzac Day",
  "2026-12-25": "Christmas Day",
  "2026-12-26": "Boxing Day",
  "2026-12-28": "Boxing Day (additional day: 26 December is a Saturday)",
  "2027-01-01": "New Year's Day",
  "2027-01-26": "Australia Day",
  "2027-03-26": "Good Friday",
  "2027-03-29": "Easter Monday",
  "2027-04-25": "Anzac Day",
  "2027-12-25": "Christmas Day",
  "2027-12-26": "Boxing Day",
  "2027-12-27": "Christmas Day (additional day: 25 December is a Saturday)",
  "2027-12-28": "Boxing Day (additional day: 26 December is a Sunday)",
};

/** Queensland, South Australia, the NT and (with WA and the ACT) give the Monday when Anzac Day is a Sunday. */
const ANZAC_MONDAY_2027: Holidays = { "2027-04-26": "Anzac Day (additional day: 25 April is a Sunday)" };
/** WA and the ACT give the Monday when Anzac Day is a Saturday too. */
const ANZAC_MONDAY_2026: Holidays = { "2026-04-27": "Anzac Day (additional day: 25 April is a Saturday)" };

export const PUBLIC_HOLIDAYS: Readonly<Record<AustralianState, Holidays>> = {
  NSW: {
    ...EVERY_STATE,
    "2026-06-08": "King's Birthday",
    "2026-10-05": "Labour Day",
    "2027-06-14": "King's Birthday",
    "2027-10-04": "Labour Day",
  },
  VIC: {
    ...EVERY_STATE,
    "2026-03-09": "Labour Day",
    "2026-06-08": "King's Birthday",
    "2026-11-03": "Melbourne Cup",
    "2027-03-08": "Labour Day",
    "2027-06-14": "King's Birthday",
    "2027-11-02": "Melbourne Cup",
  },
  QLD: {
    ...EVERY_STATE,
    ...ANZAC_MONDAY_2027,
    "2026-05-04": "Labour Day",
    "2026-10-05": "King's Birthday",
    "2027-05-03": "Labour Day",
    "2027-10-04": "King's Birthday",
  },
  SA: {
    ...EVERY_STATE,
    ...ANZAC_MONDAY_2027,
    "2026-03-09": "Adelaide Cup",
    "2026-06-08": "King's Birthday",
    "2026-10-05": "Labour Day",
    "2026-12-26": "Proclamation Day",
    "2026-12-28": "Proclamation Day (additional day: 26 December is a Saturday)",
    "2027-03-08": "Adelaide Cup",
    "2027-06-14": "King's Birthday",
    "2027-10-04": "Labour Day",
    "2027-12-26": "Proclamation Day",
    "2027-12-28": "Proclamation Day (additional day: 26 December is a Sunday)",
  },
  WA: {
    ...EVERY_STATE,
    ...ANZAC_MONDAY_2026,
    ...ANZAC_MONDAY_2027,
    "2026-03-02": "Labour Day",
    "2026-06-01": "Western Australia Day",
    "2026-09-28": "King's Birthday",
    "2027-03-01": "Labour Day",
    "2027-06-07": "Western Australia Day",
    "2027-09-27": "King's Birthday",
  },
  TAS: {
    ...EVERY_STATE,
    "2026-03-09": "Eight Hours Day",
    "2026-06-08": "King's Birthday",
    "2027-03-08": "Eight Hours Day",
    "2027-06-14": "King's Birthday",
  },
  NT: {
    ...EVERY_STATE,
    ...ANZAC_MONDAY_2027,
    "2026-05-04": "May Day",
    "2026-06-08": "King's Birthday",
    "2026-08-03": "Picnic Day",
    "2027-05-03": "May Day",
    "2027-06-14": "King's Birthday",
    "2027-08-02": "Picnic Day",
  },
  ACT: {
    ...EVERY_STATE,
    ...ANZAC_MONDAY_2026,
    ...ANZAC_MONDAY_2027,
    "2026-03-09": "Canberra Day",
    "2026-06-01": "Reconciliation Day",
    "2026-06-08": "King's Birthday",
    "2026-10-05": "Labour Day",
    "2027-03-08": "Canberra Day",
    "2027-05-31": "Reconciliation Day",
    "2027-06-14": "King's Birthday",
    "2027-10-04": "Labour Day",
  },
};

/** A calendar day on a state's clock; `day` may overflow (day 32 is the 1st of the next month). */
export interface StateDay {
  year: number;
  month: number;
  day: number;
}

const utcOf = (d: StateDay) => new Date(Date.UTC(d.year, d.month - 1, d.day));
const keyOf = (d: StateDay) => utcOf(d).toISOString().slice(0, 10);

/** The calendar day an instant falls on, on the state's clock. */
export function stateDayOf(state: AustralianState, instant: Date): StateDay {
  const { year, month, day } = wallClockIn(zoneOfState(state), instant);
  return { year, month, day };
}

/**
 * The last instant of a day on the state's clock (23:59:59.999): the next midnight less a
 * millisecond, so the 23-hour and 25-hour days of daylight saving end where the wall clock says.
 */
export function endOfStateDay(state: AustralianState, d: StateDay): Date {
  return new Date(instantOfWallClock(zoneOfState(state), { ...d, day: d.day + 1 }, 0).getTime() - 1);
}

function isBusinessDay(state: AustralianState, d: StateDay): boolean {
  const weekday = utcOf(d).getUTCDay();
  return weekday !== 0 && weekday !== 6 && PUBLIC_HOLIDAYS[state][keyOf(d)] === undefined;
}

/**
 * The end of the `days`-th business day after the day of `fromInstant`, on the state's clock:
 * the event's own day is day 0 (as "within 5 business days of the test" reads), weekends and the
 * state's holidays are skipped, and the deadline is that day's last instant (decision 104).
 */
export function addBusinessDays(state: AustralianState, fromInstant: Date, days: number): Date {
  const from = stateDayOf(state, fromInstant);
  let counted = 0;
  let offset = 0;
  while (counted < days) {
    offset += 1;
    if (isBusinessDay(state, { ...from, day: from.day + offset })) counted += 1;
  }
  return endOfStateDay(state, { ...from, day: from.day + offset });
}
