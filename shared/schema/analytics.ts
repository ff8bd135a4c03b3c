// Page and funnel events (no personal data).
import { index, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: serial("id").primaryKey(),
    eventType: text("event_type").notNull(),
    eventData: jsonb("event_data"),
    pagePath: text("page_path"),
    pageTitle: text("page_title"),
    userAgent: text("user_agent"),
    referrer: text("referrer"),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_events_type_created_idx").on(t.eventType, t.createdAt)],
);
