// The electrician's private calendar feed (docs/decisions/049-missed-promises-and-refunds.md, "The
// calendar feed"): a `webcal:` link a calendar app subscribes to, listing the team's booked jobs.
// The token is the only key: 192 random bits, kept only as its SHA-256, looked up through a
// unique index, stopped for good by a new link or "Stop this link".
import { randomBytes } from "node:crypto";
import type { CurrentUser } from "../../../shared/auth";
import { CALENDAR_FEED_BASE, type CalendarFeedLink, type CalendarFeedStatus } from "../../../shared/calendar-feed";
import { firstNameOf } from "../../../shared/customer-name";
import { labelOf } from "../../../shared/labels";
import { formatAustralianPhone } from "../../../shared/phone";
import { PRODUCT_NAME } from "../../../shared/site";
import type { Db } from "../../platform/db/client";
import { bookedJobsOf, insertFeed, liveFeedOf, pipelineOfToken, revokeFeeds } from "./calendar-feed-repo";
import { calendarOf, type CalendarEvent } from "./ics";
import { sha256 } from "../../platform/http/token-hash";
import { DAY_MS } from "../../../shared/durations";

/** What a feed lists: the last 30 days (what was just done) and the next 12 months. */
export const FEED_PAST_DAYS = 30;
export const FEED_AHEAD_DAYS = 366;
/** A job's length when nothing says otherwise: most calls are an hour or two. */
export const FEED_JOB_MINUTES = 120;

const tokenHash = sha256;
/** 32 url-safe characters: the shape of every token made here; anything else is never looked up as one. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

/** A new link for this user; every older one stops working in the same transaction. */
export async function createCalendarFeed(db: Db, user: CurrentUser, origin: string, now: Date): Promise<CalendarFeedLink> {
  const token = randomBytes(24).toString("base64url");
  await db.transaction(async (tx) => {
    await revokeFeeds(tx, user.id, now);
    await insertFeed(tx, user.id, tokenHash(token), now);
  });
  const httpsUrl = `${origin}${CALENDAR_FEED_BASE}${token}.ics`;
  return { url: httpsUrl.replace(/^https?:/, "webcal:"), httpsUrl, createdAt: now.toISOString() };
}

/** "Stop this link": true when a live link was stopped. */
export async function stopCalendarFeed(db: Db, user: CurrentUser, now: Date): Promise<boolean> {
  return (await revokeFeeds(db, user.id, now)) > 0;
}

export async function calendarFeedStatus(db: Db, user: CurrentUser): Promise<CalendarFeedStatus> {
  const live = await liveFeedOf(db, user.id);
  return { active: !!live, createdAt: live?.createdAt.toISOString() ?? null };
}

/**
 * The feed's calendar for "<token>.ics", or null (unknown, revoked, malformed, or its owner no
 * longer active): the route answers every null with the same 404. The hash is computed and the
 * index probed whatever was sent, so a malformed token costs what a real one does.
 */
export async function calendarOfFeed(db: Db, file: string, now: Date): Promise<string | null> {
  const token = file.endsWith(".ics") ? file.slice(0, -".ics".length) : "";
  const ownerId = await pipelineOfToken(db, tokenHash(TOKEN_SHAPE.test(token) ? token : ""));
  if (ownerId === null) return null;
  const jobs = await bookedJobsOf(db, ownerId, new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS), new Date(now.getTime() + FEED_AHEAD_DAYS * DAY_MS));
  const events: CalendarEvent[] = jobs.map((job) => ({
    // Stable per purchase: a moved job moves in the calendar instead of appearing twice.
    uid: `purchase-${job.purchaseId}@pipeline`,
    start: job.startsAt!,
    // A picked window's own length; a typed time takes two hours (docs/decisions/102-booking-windows.md).
    durationMinutes: job.endsAt ? Math.round((job.endsAt.getTime() - job.startsAt!.getTime()) / 60_000) : FEED_JOB_MINUTES,
    summary: `${labelOf("serviceType", job.serviceType)} – ${firstNameOf(job.customerName)}${job.suburb ? `, ${job.suburb}` : ""}`,
    // The buyer's own customer: the full address is theirs to see (the card shows it).
    location: job.customerAddress || job.serviceLocation,
    description: [`Job ${job.jobReference}`, `Phone: ${formatAustralianPhone(job.customerPhone)}`].join("\n"),
    updatedAt: job.updatedAt,
  }));
  return calendarOf({ productId: `-//${PRODUCT_NAME}//Calendar feed//EN`, name: `${PRODUCT_NAME} jobs`, now, events });
}
