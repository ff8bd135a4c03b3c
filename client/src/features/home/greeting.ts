// The greeting line (docs/product.md sections 2 and 9): morning 5-11, afternoon 12-16, evening
// 17-20, night otherwise; four phrasings that rotate, refreshed every 60 s.
export const GREETING_REFRESH_MS = 60_000;

export type DayPart = "morning" | "afternoon" | "evening" | "night";

export function dayPart(hour: number): DayPart {
  if (hour >= 5 && hour <= 11) return "morning";
  if (hour >= 12 && hour <= 16) return "afternoon";
  if (hour >= 17 && hour <= 20) return "evening";
  return "night";
}

const PHRASINGS: Record<DayPart, readonly [string, string, string, string]> = {
  morning: [
    "Good morning! Need a licensed electrician today?",
    "Good morning! Local electricians are ready to quote.",
    "Morning! Get your free electrical quote before smoko.",
    "Good morning! Start the day with a free, no-obligation quote.",
  ],
  afternoon: [
    "Good afternoon! Need a licensed electrician?",
    "Good afternoon! Local electricians are ready to quote.",
    "Afternoon! Your free quote takes about 60 seconds.",
    "Good afternoon! Get matched with an electrician in minutes.",
  ],
  evening: [
    "Good evening! Need a licensed electrician?",
    "Good evening! Book tomorrow's electrician tonight.",
    "Evening! Your free quote takes about 60 seconds.",
    "Good evening! Emergency callouts are available 24/7.",
  ],
  night: [
    "Working late? Emergency electricians are available 24/7.",
    "Power out tonight? Emergency callouts run 24/7.",
    "Still up? Your free quote takes about 60 seconds.",
    "Late night sparks? Licensed electricians are on call 24/7.",
  ],
};

/** The line for a moment: the hour picks the part of day, the minute rotates the phrasing. */
export function greetingFor(date: Date): string {
  const phrasings = PHRASINGS[dayPart(date.getHours())];
  return phrasings[Math.floor(date.getTime() / GREETING_REFRESH_MS) % phrasings.length]!;
}
