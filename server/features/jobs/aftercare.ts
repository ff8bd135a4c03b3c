// What the customer's two after-sale actions on the job page share (docs/decisions/049-missed-
// promises-and-refunds.md): "No one has contacted me" once the promise has passed
// (missed-promise.ts) and closing the request (close-request.ts). Each is one transaction: what it
// changes, the market event, the alert outbox row and the messages it sends commit together or
// not at all.
import { JOB_PAGE_MESSAGES } from "../../../shared/jobs";
import type { Lead } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import type { MarketEvents } from "../../platform/events";
import { AppError } from "../../platform/http/errors";
import { findLead } from "./aftercare-repo";
import { leadOfToken } from "../../core/job-links";
import { jobViewOf, type JobViewDeps } from "./view";

export interface AftercareDeps extends JobViewDeps {
  events: Pick<MarketEvents, "publish">;
  /** SITE_PHONE: every SMS names it. */
  sitePhone: string;
  /** The site's public origin, for links in e-mails. */
  origin: string;
  /** Wakes this instance's worker: a message queued with no market event goes at once. */
  wake: () => void;
  /**
   * A missed contact promise pauses all of its buyer's auto-buy orders (docs/decisions/064-auto-buy-
   * engine.md), inside the relist's transaction: auto-buy's own rule, handed in by server/app.ts.
   * Answers how many orders it paused.
   */
  pauseAutoBuy: (tx: Db, ownerId: number) => Promise<number>;
}

export async function openedLead(db: Db, token: string): Promise<Lead> {
  const lead = await leadOfToken(db, token);
  if (!lead) throw new AppError(404, JOB_PAGE_MESSAGES.notFound);
  return lead;
}

/** The page as it stands once the change committed: the lead read again. */
export const viewAfter = async (deps: JobViewDeps, lead: Lead, token: string) => jobViewOf(deps, (await findLead(deps.db, lead.id)) ?? lead, token);

export const whereOf = (lead: Lead) => (lead.suburb ? ` in ${lead.suburb}` : "");
