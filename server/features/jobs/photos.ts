// The customer's photos on their job page (docs/decisions/050-photos.md): they add one at a time
// until the job is booked (409 after), remove any at any time, and see their own in full. The
// token opens the lead (view.ts leadOfToken); photos/ decodes, stores and serves.
import { JOB_PAGE_MESSAGES } from "../../../shared/jobs";
import { PHOTO_MESSAGES } from "../../../shared/photos";
import type { Lead } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import type { MarketEvents } from "../../platform/events";
import { conflict, notFound } from "../../platform/http/errors";
import { attachJobPhoto, hasRoomForPhoto, keepUpload, removeLeadPhoto, type PhotoDeps } from "../../core/photos";
import { PHOTOS_OPEN } from "../../../shared/job-page";
import { leadOfToken } from "../../core/job-links";
import { progressOf } from "./view";

export interface JobPhotoDeps {
  photos: PhotoDeps;
  events: MarketEvents;
}

async function openLead(db: Db, token: string): Promise<Lead> {
  const lead = await leadOfToken(db, token);
  if (!lead) throw notFound(JOB_PAGE_MESSAGES.notFound);
  return lead;
}

/** 409 once the job is booked (or closed), or when it has its 6 photos. */
async function assertOpenForPhotos(db: Db, lead: Lead) {
  const { status } = await progressOf(db, lead);
  if (!PHOTOS_OPEN.includes(status)) throw conflict(status === "closed" ? PHOTO_MESSAGES.jobClosed : PHOTO_MESSAGES.jobBooked);
  if (!(await hasRoomForPhoto(db, lead.id))) throw conflict(PHOTO_MESSAGES.jobFull);
}

/** Checked before the file is read, so a refused customer is told at once; checked again when it is attached. */
export async function checkJobTakesPhotos(db: Db, token: string) {
  await assertOpenForPhotos(db, await openLead(db, token));
}

/** A stored photo added to the job; the market hears of it (a listed lead's card gains a photo). */
export async function addJobPhoto(deps: JobPhotoDeps, token: string, sent: Buffer, ip: string) {
  const kept = await keepUpload(deps.photos, sent, ip);
  await attachJobPhoto(deps.photos, (await openLead(deps.photos.db, token)).id, kept.id, async (tx) => {
    const lead = await openLead(tx, token);
    await assertOpenForPhotos(tx, lead);
    await deps.events.publish(tx, { type: "lead.updated", leadId: lead.id });
  });
  return kept;
}

/** Removes one of the job's photos at once; false when the job has no such photo. */
export async function removeJobPhoto(deps: JobPhotoDeps, token: string, photoId: string) {
  const lead = await openLead(deps.photos.db, token);
  return removeLeadPhoto(deps.photos, lead.id, photoId, (tx) => deps.events.publish(tx, { type: "lead.updated", leadId: lead.id }));
}
