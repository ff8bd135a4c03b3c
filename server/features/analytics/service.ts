// Storing a page or funnel event. A job page's address carries its token, the customer's only
// key: it is stored as /job/* whatever the client sends (docs/decisions/044-job-page.md).
import type { z } from "zod";
import type { trackEventSchema } from "../../../shared/analytics";
import { withoutJobToken } from "../../../shared/jobs";
import type { Db } from "../../platform/db/client";
import { insertEvent } from "./repo";

type TrackedEvent = z.infer<typeof trackEventSchema> & { userAgent: string | null };

const tokenless = (text: string | null) => (text === null ? null : withoutJobToken(text));

/** Every string inside the event's data, at any depth, without a job token. */
function tokenlessData(value: unknown): unknown {
  if (typeof value === "string") return withoutJobToken(value);
  if (Array.isArray(value)) return value.map(tokenlessData);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, tokenlessData(v)]));
  return value;
}

export function storeEvent(db: Db, event: TrackedEvent, now: Date) {
  return insertEvent(
    db,
    {
      ...event,
      eventData: event.eventData === null ? null : (tokenlessData(event.eventData) as Record<string, unknown>),
      pagePath: tokenless(event.pagePath),
      referrer: tokenless(event.referrer),
    },
    now,
  );
}
