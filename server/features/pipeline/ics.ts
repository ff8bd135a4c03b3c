// An RFC 5545 calendar written by hand (docs/decisions/049-missed-promises-and-refunds.md, "The
// calendar feed"). The `ics` package the one-job file uses folds lines at 75 characters, not
// the 75 octets the RFC says (section 3.1): a name with an accent or an en dash then makes lines
// some calendars refuse. What a feed needs is small: escaping, folding, UTC times, durations.

/** TEXT values (section 3.3.11): backslash, semicolon and comma escaped, every newline as "\n". */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();
const octets = (text: string) => encoder.encode(text).length;

/**
 * Folds one content line (section 3.1): no line longer than 75 octets, each continuation
 * starting with one space (which counts), never splitting a character's UTF-8 sequence.
 */
export function foldLine(line: string): string {
  if (octets(line) <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  let limit = 75;
  for (const char of line) {
    const width = octets(char);
    if (size + width > limit) {
      parts.push(current);
      current = " ";
      size = 1;
      limit = 75;
    }
    current += char;
    size += width;
  }
  parts.push(current);
  return parts.join("\r\n");
}

/** 20261124T223000Z: a DATE-TIME in UTC (section 3.3.5, form 2); every calendar shows it in its own zone. */
export const utcStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** PT2H, PT1H30M (section 3.3.6). */
export function duration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours ? `${hours}H` : ""}${rest || !hours ? `${rest}M` : ""}`;
}

export interface CalendarEvent {
  uid: string;
  start: Date;
  durationMinutes: number;
  summary: string;
  location?: string | null;
  description?: string | null;
  /** When this event's record last changed (LAST-MODIFIED), so a calendar knows to refresh it. */
  updatedAt?: Date | null;
}

/** A whole VCALENDAR: CRLF line ends, each line folded, TEXT escaped. */
export function calendarOf(input: { productId: string; name: string; now: Date; events: CalendarEvent[] }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${input.productId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(input.name)}`,
    // How often a subscribing calendar should look again (Apple and Outlook read these).
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
  ];
  for (const event of input.events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `DTSTAMP:${utcStamp(input.now)}`,
      `DTSTART:${utcStamp(event.start)}`,
      `DURATION:${duration(event.durationMinutes)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.updatedAt) lines.push(`LAST-MODIFIED:${utcStamp(event.updatedAt)}`);
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
