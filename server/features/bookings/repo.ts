// Drizzle only: booking windows, their offers and the changes either side asked for
// (docs/decisions/102-booking-windows.md), and what an offer needs to know of its job.
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { BOOKED_STAGES } from "../../../shared/customer-updates";
import {
  bookingChanges,
  bookingOffers,
  bookingWindows,
  contactAttempts,
  leadPurchases,
  leads,
  quotes,
  users,
  type BookingOfferStatus,
  type LeadPurchase,
} from "../../../shared/schema";
import type { WindowSpan } from "../../../shared/booking-windows";
import type { Db } from "../../platform/db/client";

export type BookingChangeKind = (typeof bookingChanges.$inferSelect)["kind"];

const live = (purchaseId: number, ownerId: number | null) =>
  and(eq(leadPurchases.id, purchaseId), isNull(leadPurchases.releasedAt), ownerId === null ? undefined : eq(leadPurchases.buyerId, ownerId));

/** A live purchase of the owner (`null`: any, for the super admin), locked when `lock`. */
export async function purchaseOf(db: Db, purchaseId: number, ownerId: number | null, lock = false): Promise<LeadPurchase | undefined> {
  const query = db.select().from(leadPurchases).where(live(purchaseId, ownerId));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The live purchase of a lead, locked: two picks at once meet here, one after the other. */
export async function lockLivePurchaseOfLead(tx: Db, leadId: number): Promise<LeadPurchase | undefined> {
  const [row] = await tx
    .select()
    .from(leadPurchases)
    .where(and(eq(leadPurchases.leadId, leadId), isNull(leadPurchases.releasedAt)))
    .for("update");
  return row;
}

export async function livePurchaseOfLead(db: Db, leadId: number): Promise<LeadPurchase | undefined> {
  const [row] = await db
    .select()
    .from(leadPurchases)
    .where(and(eq(leadPurchases.leadId, leadId), isNull(leadPurchases.releasedAt)));
  return row;
}

/** The customer's own details the messages need: the lead as typed at intake (DESIGN section 11). */
export async function leadOf(db: Db, leadId: number) {
  const [row] = await db
    .select({
      id: leads.id,
      state: leads.state,
      source: leads.source,
      customerPhone: leads.customerPhone,
      jobReference: leads.jobReference,
      closedByCustomerAt: leads.closedByCustomerAt,
    })
    .from(leads)
    .where(eq(leads.id, leadId));
  return row!;
}

/** The buyer's business name and phone, as the job page shows them. */
export async function businessOf(db: Db, buyerId: number) {
  const [row] = await db.select({ companyName: users.companyName, phone: users.phone }).from(users).where(eq(users.id, buyerId));
  return row ?? null;
}

/** Whether the buyer's side reached the customer, or sent a quote: the offer's ground. */
export async function spokeOrQuoted(db: Db, purchaseId: number): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (select 1 from ${contactAttempts} where ${contactAttempts.purchaseId} = ${purchaseId} and ${contactAttempts.outcome} = 'reached')
        or exists (select 1 from ${quotes} where ${quotes.purchaseId} = ${purchaseId}) as yes`);
  return Boolean((result as unknown as { rows: { yes: boolean }[] }).rows[0]?.yes);
}

/**
 * The booked jobs of who comes (the assignee, else the buyer) from `from` on, other than this
 * one: a window must not overlap them. A job with no end takes two hours.
 */
export async function bookedSpansOf(db: Db, workerId: number, exceptPurchaseId: number, from: Date): Promise<WindowSpan[]> {
  const rows = await db
    .select({ startsAt: leadPurchases.jobStartsAt, endsAt: sql<Date>`coalesce(${leadPurchases.jobEndsAt}, ${leadPurchases.jobStartsAt} + interval '2 hours')` })
    .from(leadPurchases)
    .where(
      and(
        sql`coalesce(${leadPurchases.assignedTo}, ${leadPurchases.buyerId}) = ${workerId}`,
        ne(leadPurchases.id, exceptPurchaseId),
        isNull(leadPurchases.releasedAt),
        eq(leadPurchases.isArchived, false),
        eq(leadPurchases.paymentStatus, "completed"),
        isNull(leadPurchases.refundedAt),
        isNotNull(leadPurchases.jobStartsAt),
        inArray(leadPurchases.salesStage, [...BOOKED_STAGES]),
        sql`coalesce(${leadPurchases.jobEndsAt}, ${leadPurchases.jobStartsAt} + interval '2 hours') > ${from.toISOString()}::timestamptz`,
      ),
    );
  return rows.map((r) => ({ startsAt: r.startsAt!, endsAt: new Date(r.endsAt) }));
}

/** Holds the diary of who comes until the transaction ends: two picks for one person book one after the other. */
export async function lockDiaryOf(tx: Db, workerId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${DIARY_LOCK}, ${workerId})`);
}
/** The first key of the diary's advisory lock (the second is the person's id). */
const DIARY_LOCK = 102;

export interface Offer {
  id: number;
  purchaseId: number;
  status: BookingOfferStatus;
  reason: string | null;
  customerNote: string | null;
  createdAt: Date;
  windows: { id: number; startsAt: Date; endsAt: Date; pickedAt: Date | null }[];
}

async function withWindows(db: Db, offer: typeof bookingOffers.$inferSelect | undefined): Promise<Offer | null> {
  if (!offer) return null;
  const windows = await db
    .select({ id: bookingWindows.id, startsAt: bookingWindows.startsAt, endsAt: bookingWindows.endsAt, pickedAt: bookingWindows.pickedAt })
    .from(bookingWindows)
    .where(eq(bookingWindows.offerId, offer.id))
    .orderBy(asc(bookingWindows.startsAt), asc(bookingWindows.id));
  return {
    id: offer.id,
    purchaseId: offer.purchaseId,
    status: offer.status,
    reason: offer.reason,
    customerNote: offer.customerNote,
    createdAt: offer.createdAt,
    windows,
  };
}

/** The purchase's newest offer, whatever became of it. */
export async function latestOffer(db: Db, purchaseId: number): Promise<Offer | null> {
  const [offer] = await db
    .select()
    .from(bookingOffers)
    .where(eq(bookingOffers.purchaseId, purchaseId))
    .orderBy(desc(bookingOffers.createdAt), desc(bookingOffers.id))
    .limit(1);
  return withWindows(db, offer);
}

/** The offer waiting for the customer, or null. */
export async function openOffer(db: Db, purchaseId: number): Promise<Offer | null> {
  const [offer] = await db
    .select()
    .from(bookingOffers)
    .where(and(eq(bookingOffers.purchaseId, purchaseId), eq(bookingOffers.status, "open")));
  return withWindows(db, offer);
}

/** The waiting offer lapses (a newer one replaces it, or the booking was cancelled). */
export async function withdrawOpenOffer(tx: Db, purchaseId: number, now: Date): Promise<number[]> {
  const withdrawn = await tx
    .update(bookingOffers)
    .set({ status: "withdrawn", answeredAt: now })
    .where(and(eq(bookingOffers.purchaseId, purchaseId), eq(bookingOffers.status, "open")))
    .returning({ id: bookingOffers.id });
  return withdrawn.map((o) => o.id);
}

export async function insertOffer(
  tx: Db,
  offer: { purchaseId: number; offeredBy: number; reason: string | null; windows: WindowSpan[]; now: Date },
): Promise<number> {
  const [row] = await tx
    .insert(bookingOffers)
    .values({ purchaseId: offer.purchaseId, offeredBy: offer.offeredBy, reason: offer.reason, createdAt: offer.now })
    .returning({ id: bookingOffers.id });
  await tx.insert(bookingWindows).values(offer.windows.map((w) => ({ offerId: row!.id, startsAt: w.startsAt, endsAt: w.endsAt })));
  return row!.id;
}

/** The customer's answer to an open offer: a window picked, or other times asked for. False when it was no longer open. */
export async function answerOffer(tx: Db, offerId: number, answer: { status: "picked" | "other_times"; customerNote?: string; windowId?: number; now: Date }) {
  const done = await tx
    .update(bookingOffers)
    .set({ status: answer.status, customerNote: answer.customerNote ?? null, answeredAt: answer.now })
    .where(and(eq(bookingOffers.id, offerId), eq(bookingOffers.status, "open")))
    .returning({ id: bookingOffers.id });
  if (done.length === 0) return false;
  if (answer.windowId !== undefined) {
    await tx
      .update(bookingWindows)
      .set({ pickedAt: answer.now })
      .where(and(eq(bookingWindows.id, answer.windowId), eq(bookingWindows.offerId, offerId)));
  }
  return true;
}

export interface BookingChange {
  purchaseId: number;
  kind: BookingChangeKind;
  note: string;
  /** The offer it answered, came with or undid; null for a time typed on the card. */
  offerId: number | null;
  startsAt: Date | null;
  changedBy: number | null;
  now: Date;
}

export async function recordChange(tx: Db, change: BookingChange) {
  const { now, ...values } = change;
  const [row] = await tx
    .insert(bookingChanges)
    .values({ ...values, createdAt: now })
    .returning({ id: bookingChanges.id });
  return row!.id;
}

/** The newest change tied to this offer (null: to none, a typed time's), or null. */
export async function lastChangeOf(db: Db, purchaseId: number, offerId: number | null) {
  const [row] = await db
    .select({ kind: bookingChanges.kind, note: bookingChanges.note, at: bookingChanges.createdAt })
    .from(bookingChanges)
    .where(and(eq(bookingChanges.purchaseId, purchaseId), offerId === null ? isNull(bookingChanges.offerId) : eq(bookingChanges.offerId, offerId)))
    .orderBy(desc(bookingChanges.id))
    .limit(1);
  return row ?? null;
}
