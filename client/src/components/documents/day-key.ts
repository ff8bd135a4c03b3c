// A document's day ("YYYY-MM-DD": valid until, due) as people read it. The day is already the
// Sydney day the server chose, so it is written as that calendar day, never shifted by a zone.
const dayText = /* @__PURE__ */ new Intl.DateTimeFormat("en-AU", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** "2026-12-23" -> "Wed 23 Dec 2026". */
export const formatDayKey = (key: string) => dayText.format(new Date(`${key}T00:00:00Z`));
