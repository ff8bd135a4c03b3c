// What saving an order would buy at once (docs/decisions/083-auto-buy-says-what-it-buys.md): the
// leads on sale now that it wants (area, filters, not a lead its owner is kept from, not their own
// customer's) at or under its maximum at the price of this moment, taken as the engine would take
// them (the one that reached the maximum first, first) while its caps and its business's allow.
import { businessLimits, capWindows, fitsCaps, isPausedAt, momentPriceReaches, type AutoBuyBuysNow, type CapUse } from "../../../shared/auto-buy";
import { priceNow } from "../../../shared/price-now";
import { fromCents, toCents } from "../../../shared/pricing";
import type { z } from "zod";
import type { autoBuyBuysNowRequest } from "../../../shared/auto-buy";
import { leadAlert } from "../../core/alerts";
import { customerIsAmong, sidesContactsOf } from "../../core/customers";
import { businessCapsOf } from "./business-caps-repo";
import { capUseOf, exclusionsOf } from "./engine-repo";
import { orderWantsLead } from "./orders-area";
import { areaFor, ownOrder, type OrderDeps } from "./orders-service";
import { marketLeadsNow } from "./preview-repo";

const NOTHING: AutoBuyBuysNow = { leads: [], total: "0.00" };
const NOTHING_USED: CapUse = { boughtToday: 0, spentTodayCents: 0, spentThisWeekCents: 0 };

export async function buysNow(deps: OrderDeps, ownerId: number, input: z.output<typeof autoBuyBuysNowRequest>): Promise<AutoBuyBuysNow> {
  const now = deps.now();
  // Another owner's order is not found, as everywhere (docs/decisions/063).
  if (input.orderId !== null) await ownOrder(deps, ownerId, input.orderId);
  if (input.pausedUntil !== null && isPausedAt({ pausedReason: "until_date", pausedUntil: input.pausedUntil }, now)) return NOTHING;
  const area = await areaFor(deps.db, ownerId, input);
  const maxCents = toCents(input.maxPrice);
  const wanted = (await marketLeadsNow(deps.db, area, input))
    .filter((lead) => orderWantsLead(input, area, lead))
    .map((lead) => ({ lead, priceCents: priceNow(lead, null, false, now).amountCents, reached: momentPriceReaches(lead, maxCents) }))
    .filter((c) => c.priceCents <= maxCents && c.reached !== null);
  if (wanted.length === 0) return NOTHING;
  const ids = wanted.map((c) => c.lead.id);
  const w = capWindows(now);
  const [excluded, contacts, caps, ownUse, businessUse] = await Promise.all([
    exclusionsOf(deps.db, ids, [ownerId]),
    sidesContactsOf(deps.db, [ownerId]),
    businessCapsOf(deps.db, ownerId),
    input.orderId === null ? NOTHING_USED : capUseOf(deps.db, { orderId: input.orderId }, w),
    capUseOf(deps.db, { ownerId }, w),
  ]);
  const mine = contacts.get(ownerId) ?? [];
  const own = { maxPerDay: input.maxPerDay, maxPerWeekCents: toCents(input.maxPerWeek) };
  const business = businessLimits(caps);
  const used = { order: { ...ownUse }, business: { ...businessUse } };
  const bought: AutoBuyBuysNow["leads"] = [];
  let totalCents = 0;
  // The engine tries each lead at the moment its price reached the maximum: the earliest first.
  wanted.sort((a, b) => a.reached!.getTime() - b.reached!.getTime() || a.lead.id - b.lead.id);
  for (const { lead, priceCents } of wanted) {
    if (excluded.has(`${lead.id}:${ownerId}`) || customerIsAmong(lead, mine)) continue;
    if (!fitsCaps(own, used.order, priceCents) || !fitsCaps(business, used.business, priceCents)) continue;
    for (const u of [used.order, used.business]) {
      u.boughtToday += 1;
      u.spentThisWeekCents += priceCents;
    }
    totalCents += priceCents;
    bought.push({ leadId: lead.id, title: leadAlert(lead, null, now).title, price: fromCents(priceCents) });
  }
  return { leads: bought, total: fromCents(totalCents) };
}
