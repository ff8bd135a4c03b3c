// GET /api/my-purchased-leads/export.csv?from=&to= (docs/decisions/032): the export holds what the
// dashboard's date filter shows. Both ends are Sydney calendar dates, inclusive, as the
// filter's own ranges are (client/src/features/pipeline/date-filter.ts).
import { z } from "zod";
import { calendarDay } from "./calendar-day";

export const EXPORT_RANGE_MESSAGES = {
  badDate: "Dates are written YYYY-MM-DD",
  reversed: "The From date is after the To date",
} as const;

const dayKey = calendarDay(EXPORT_RANGE_MESSAGES.badDate).optional();

export const exportRangeQuery = z
  .object({ from: dayKey, to: dayKey })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: EXPORT_RANGE_MESSAGES.reversed, path: ["from"] });
