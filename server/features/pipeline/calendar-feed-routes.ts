// The calendar feed's routes (docs/decisions/049-missed-promises-and-refunds.md, "The calendar
// feed"): the signed-in electrician makes, reads and stops their link; the feed itself is public
// and keyed by its token alone, limited per IP, cached privately for 5 minutes, never indexed.
import type { RequestHandler, Router } from "express";
import { CALENDAR_FEED_MESSAGES, calendarFeedFileParam } from "../../../shared/calendar-feed";
import { allow, currentUser } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/http/errors";
import { parse } from "../../platform/http/validate";
import { calendarFeedStatus, calendarOfFeed, createCalendarFeed, stopCalendarFeed } from "./calendar-feed";

export interface CalendarFeedDeps {
  db: Db;
  now: () => Date;
  /** The site's public origin (PUBLIC_URL): a calendar app fetches the link from anywhere. */
  origin: string;
  /** Per-IP limit on GET /api/calendar/:file. */
  limiter: RequestHandler;
}

/** Whatever the answer, found or not: the token's page sends no Referer anywhere and is never indexed. */
const keepPrivate: RequestHandler = (_req, res, next) => {
  res.set({ "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" });
  next();
};

export function addCalendarFeedRoutes(router: Router, deps: CalendarFeedDeps) {
  const { db, now, origin } = deps;
  const pipelineUsers = allow("usePipeline");

  router.get("/calendar-feed", pipelineUsers, async (req, res) => {
    res.set("Cache-Control", "no-store");
    res.json(await calendarFeedStatus(db, currentUser(req)));
  });

  // A new link stops the old one: shown once, as only its hash is kept.
  router.post("/calendar-feed", pipelineUsers, async (req, res) => {
    res.set("Cache-Control", "no-store");
    res.status(201).json(await createCalendarFeed(db, currentUser(req), origin, now()));
  });

  router.delete("/calendar-feed", pipelineUsers, async (req, res) => {
    await stopCalendarFeed(db, currentUser(req), now());
    res.json({ message: CALENDAR_FEED_MESSAGES.stopped });
  });

  router.get("/calendar/:file", keepPrivate, deps.limiter, async (req, res) => {
    const { file } = parse(calendarFeedFileParam, req.params);
    const ics = await calendarOfFeed(db, file, now());
    if (ics === null) throw notFound(CALENDAR_FEED_MESSAGES.notFound);
    res.set("Cache-Control", "private, max-age=300");
    res.type("text/calendar; charset=utf-8").send(ics);
  });
}
