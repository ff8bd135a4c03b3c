// The standing orders' story (docs/decisions/063-auto-buy-orders.md): the owner's orders, their
// area checked against real places, pausing by the owner's rules, the card saved once per order.
import {
  AUTO_BUY_PREVIEW_DAYS,
  autoBuyOrderCreateRequest,
  capWindows,
  type AutoBuyOrder,
  type AutoBuyOrderCreated,
  type AutoBuyOrderFields,
  type AutoBuyPreview,
} from "../../../shared/auto-buy";
import { AUTO_BUY_MAX_ORDERS, AUTO_BUY_MESSAGES } from "../../../shared/auto-buy-messages";
import { toCents } from "../../../shared/pricing";
import type { AutoBuyOrderRow } from "../../../shared/schema";
import type { z } from "zod";
import type { autoBuyOrderUpdateRequest } from "../../../shared/auto-buy";
import type { Db } from "../../platform/db/client";
import { AppError, conflict, notFound } from "../../platform/http/errors";
import { parse } from "../../platform/http/validate";
import type { PaymentGateway } from "../../platform/payments";
import { orderArea, orderWantsLead, type OrderArea } from "./orders-area";
import {
  customerOf,
  deleteOrder,
  discardOrder,
  findOrder,
  insertOrderUnderLimit,
  keepCustomer,
  listOrders,
  ownerOf,
  suburbsByIds,
  updateOrder,
  usesOf,
  type OrderChanges,
} from "./orders-repo";
import { businessCapsFor } from "./business-caps";
import { toOrder } from "./orders-shape";
import { pastMarketLeads } from "./preview-repo";
import { previewFigures, simulateOrder } from "./preview";
import { DAY_MS } from "../../../shared/durations";

export interface OrderDeps {
  db: Db;
  payments: Pick<PaymentGateway, "mode" | "startCardSetup" | "confirmCardSetup">;
  now: () => Date;
}

type UpdateInput = z.output<typeof autoBuyOrderUpdateRequest>;

const DEMO_NO_CARD = "Demo mode - no card will be charged";

const fieldError = (field: string, message: string) => new AppError(400, message, { [field]: message });

/** The order's area as real places: its suburb must exist; without one, the owner's service location must. */
export async function areaFor(db: Db, ownerId: number, order: { radiusKm: number | null; suburbId: number | null }): Promise<OrderArea> {
  const [suburb] = order.suburbId !== null ? await suburbsByIds(db, [order.suburbId]) : [];
  if (order.suburbId !== null && !suburb) throw fieldError("suburbId", AUTO_BUY_MESSAGES.suburbNotFound);
  const area = orderArea(order, await ownerOf(db, ownerId), suburb);
  if (!area)
    throw fieldError(
      order.suburbId !== null ? "suburbId" : "radiusKm",
      order.suburbId !== null ? AUTO_BUY_MESSAGES.suburbNotFound : AUTO_BUY_MESSAGES.noServiceArea,
    );
  return area;
}

/** A pause date must lie ahead; the moment it passes, the order is active again by itself. */
function futureDate(value: string, now: Date): Date {
  const at = new Date(value);
  if (at.getTime() <= now.getTime()) throw fieldError("pausedUntil", AUTO_BUY_MESSAGES.pausedUntil);
  return at;
}

async function shaped(deps: OrderDeps, rows: AutoBuyOrderRow[]): Promise<AutoBuyOrder[]> {
  const now = deps.now();
  const uses = await usesOf(
    deps.db,
    rows.map((r) => r.id),
    capWindows(now),
  );
  const suburbIds = [...new Set(rows.flatMap((r) => (r.suburbId === null ? [] : [r.suburbId])))];
  const places = await suburbsByIds(deps.db, suburbIds);
  return rows.map((row) =>
    toOrder(row, {
      now,
      use: uses.find((u) => u.orderId === row.id),
      suburb: places.find((p) => p.id === row.suburbId),
      paymentsMode: deps.payments.mode,
    }),
  );
}

const one = async (deps: OrderDeps, row: AutoBuyOrderRow) => (await shaped(deps, [row]))[0]!;

export async function ordersOf(deps: OrderDeps, ownerId: number) {
  return { orders: await shaped(deps, await listOrders(deps.db, ownerId)), businessCaps: await businessCapsFor(deps.db, ownerId, deps.now()) };
}

const fieldsToRow = (f: Omit<AutoBuyOrderFields | AutoBuyOrderRow, "pausedUntil">) => ({
  radiusKm: f.radiusKm,
  suburbId: f.suburbId,
  serviceTypes: f.serviceTypes,
  propertyTypes: f.propertyTypes,
  urgencies: f.urgencies,
  minLeadScore: f.minLeadScore,
  verifiedMobileOnly: f.verifiedMobileOnly,
  maxPrice: f.maxPrice,
  maxPerDay: f.maxPerDay,
  maxPerWeek: f.maxPerWeek,
});

/** A new order, active (or paused until a date ahead); in Stripe mode with the SetupIntent its card is saved by. */
export async function createOrder(deps: OrderDeps, owner: { id: number }, input: AutoBuyOrderFields): Promise<AutoBuyOrderCreated> {
  const now = deps.now();
  const pausedUntil = input.pausedUntil === null ? null : futureDate(input.pausedUntil, now);
  await areaFor(deps.db, owner.id, input);
  const row = await insertOrderUnderLimit(
    deps.db,
    { ownerId: owner.id, ...fieldsToRow(input), pausedReason: pausedUntil ? "until_date" : null, pausedUntil },
    AUTO_BUY_MAX_ORDERS,
  );
  if (!row) throw conflict(AUTO_BUY_MESSAGES.tooManyOrders);
  if (deps.payments.mode !== "stripe") return { ...(await one(deps, row)), setup: null };
  try {
    return await withCardSetup(deps, owner.id, row);
  } catch (err) {
    // No card could be set up: the order was never there (it has bought nothing).
    await discardOrder(deps.db, row.id);
    throw err;
  }
}

/** A SetupIntent for the order's card, on the owner's one customer (made at their first). */
async function withCardSetup(deps: OrderDeps, ownerId: number, row: AutoBuyOrderRow): Promise<AutoBuyOrderCreated> {
  const known = await customerOf(deps.db, ownerId);
  const email = (await ownerOf(deps.db, ownerId))?.email ?? null;
  const setup = await deps.payments.startCardSetup({ ownerId, email, orderId: row.id, customerId: known });
  if (!setup) return { ...(await one(deps, row)), setup: null };
  if (!known) await keepCustomer(deps.db, ownerId, setup.customerId);
  const saved = await updateOrder(deps.db, ownerId, row.id, { setupIntentId: setup.setupIntentId });
  if (!saved) throw notFound(AUTO_BUY_MESSAGES.notFound);
  return { ...(await one(deps, saved)), setup: { clientSecret: setup.clientSecret } };
}

/** Another card for an order (after a decline, or a new card): a fresh SetupIntent; demo mode needs none. */
export async function newCardSetup(deps: OrderDeps, ownerId: number, id: number): Promise<AutoBuyOrderCreated> {
  const row = await ownOrder(deps, ownerId, id);
  if (deps.payments.mode !== "stripe") throw new AppError(400, DEMO_NO_CARD);
  return withCardSetup(deps, ownerId, row);
}

export async function ownOrder(deps: OrderDeps, ownerId: number, id: number) {
  const row = await findOrder(deps.db, ownerId, id);
  if (!row) throw notFound(AUTO_BUY_MESSAGES.notFound);
  return row;
}

/** The owner's switch and the pause date, as decision 063 says: "active" resumes whatever paused the order. */
function pauseChanges(row: AutoBuyOrderRow, input: UpdateInput, now: Date): OrderChanges {
  const until = typeof input.pausedUntil === "string" ? futureDate(input.pausedUntil, now) : null;
  if (input.status === "active") return { pausedReason: null, pausedUntil: null };
  if (input.status === "paused") return until ? { pausedReason: "until_date", pausedUntil: until } : { pausedReason: "owner", pausedUntil: null };
  if (until) return { pausedReason: "until_date", pausedUntil: until };
  if (input.pausedUntil === null) return row.pausedReason === "until_date" ? { pausedReason: null, pausedUntil: null } : { pausedUntil: null };
  return {};
}

export async function editOrder(deps: OrderDeps, ownerId: number, id: number, input: UpdateInput): Promise<AutoBuyOrder> {
  const row = await ownOrder(deps, ownerId, id);
  const { status: _status, pausedUntil: _until, ...fields } = input;
  // The order as it would be, checked whole as a new one is (a suburb needs its radius, ...).
  const merged = parse(autoBuyOrderCreateRequest, { ...fieldsToRow(row), ...fields });
  const pausing = pauseChanges(row, input, deps.now());
  // The area is checked when it changes: a pause or a new price never fails on a service location moved since.
  if (input.radiusKm !== undefined || input.suburbId !== undefined) await areaFor(deps.db, ownerId, merged);
  const saved = await updateOrder(deps.db, ownerId, id, { ...fieldsToRow(merged), ...pausing });
  if (!saved) throw notFound(AUTO_BUY_MESSAGES.notFound);
  return one(deps, saved);
}

export async function removeOrder(deps: OrderDeps, ownerId: number, id: number): Promise<void> {
  if (!(await deleteOrder(deps.db, ownerId, id))) throw notFound(AUTO_BUY_MESSAGES.notFound);
}

/** The card the owner confirmed in the browser, checked at Stripe: this owner's customer, this order. */
export async function saveCard(deps: OrderDeps, ownerId: number, id: number, setupIntentId: string): Promise<AutoBuyOrder> {
  const row = await ownOrder(deps, ownerId, id);
  const customerId = await customerOf(deps.db, ownerId);
  if (deps.payments.mode === "stripe" && !customerId) throw new AppError(400, AUTO_BUY_MESSAGES.cardNotConfirmed);
  const card = await deps.payments.confirmCardSetup(setupIntentId, { ownerId, orderId: id, customerId: customerId ?? "" });
  // A new card ends a pause the declined one caused; any other pause is the owner's to lift.
  const resume = row.pausedReason === "card_declined" ? { pausedReason: null, pausedUntil: null } : {};
  const saved = await updateOrder(deps.db, ownerId, id, {
    setupIntentId,
    paymentMethodId: card.paymentMethodId,
    cardBrand: card.brand,
    cardLast4: card.last4,
    ...resume,
  });
  if (!saved) throw notFound(AUTO_BUY_MESSAGES.notFound);
  return one(deps, saved);
}

/** What the order would have bought in the last 30 days (docs/decisions/063, "The preview"). */
export async function previewOrder(deps: OrderDeps, ownerId: number, input: AutoBuyOrderFields): Promise<AutoBuyPreview> {
  const now = deps.now();
  const area = await areaFor(deps.db, ownerId, input);
  const found = await pastMarketLeads(deps.db, area, input, { from: new Date(now.getTime() - AUTO_BUY_PREVIEW_DAYS * DAY_MS), to: now });
  const wanted = found
    .filter((lead) => orderWantsLead(input, area, lead))
    .map((lead) => ({
      id: lead.id,
      startingPrice: lead.startingPrice,
      auctionStartedAt: lead.auctionStartedAt,
      sale: lead.soldAt && lead.soldPrice !== null ? { at: lead.soldAt, priceCents: toCents(lead.soldPrice) } : null,
    }));
  const order = { maxPriceCents: toCents(input.maxPrice), maxPerDay: input.maxPerDay, maxPerWeekCents: toCents(input.maxPerWeek) };
  return previewFigures(simulateOrder(wanted, order, now));
}
