// The authorization matrix's rows of auto-buy/'s routes (docs/decisions/010, 063-auto-buy-orders.md): the
// business owner's alone; a team member, a customer and the super admin 403; another owner's order 404.
import { autoBuyOrders, suburbs } from "../../../../shared/schema";
import { cookie, type MatrixFixtures, type MatrixPart } from "../../../test/authorization-routes";

/** Owners only: `provider` gets `ok`, `otherProvider` `other` (their own list, or a stranger's order). */
const ownersOnly = (ok: number, other = ok) => cookie({ customer: 403, provider: ok, teamMember: 403, otherProvider: other, superAdmin: 403 });

let suburbId = 0;
/** A real suburb to put a radius around (the matrix's database has the suburb list). */
async function withSuburb(fx: MatrixFixtures) {
  const [row] = await fx.db.select({ id: suburbs.id }).from(suburbs).limit(1);
  suburbId = row!.id;
  return "/api/auto-buy-orders";
}
const order = () => ({ suburbId, radiusKm: 15, serviceTypes: ["repair"], maxPrice: "25.00", maxPerDay: 3, maxPerWeek: "200.00" });

/** A fresh order of `provider`'s, and its path. */
async function providersOrder(fx: MatrixFixtures) {
  const [row] = await fx.db
    .insert(autoBuyOrders)
    .values({ ownerId: fx.users.provider.id, maxPrice: "25.00", maxPerDay: 3, maxPerWeek: "200.00", radiusKm: 10, suburbId: null })
    .returning();
  return `/api/auto-buy-orders/${row!.id}`;
}

export const autoBuyMatrix: MatrixPart = {
  rows: [
    { method: "get", path: "/api/auto-buy-orders", expect: ownersOnly(200) },
    { method: "post", path: withSuburb, body: order, expect: ownersOnly(201) },
    { method: "post", path: async (fx) => `${await withSuburb(fx)}/preview`, body: order, expect: ownersOnly(200) },
    // What saving would buy now, and the caps across all of an owner's orders (docs/decisions/083-auto-buy-says-what-it-buys.md): each owner their own.
    { method: "post", path: async (fx) => `${await withSuburb(fx)}/buys-now`, body: order, expect: ownersOnly(200) },
    { method: "put", path: "/api/auto-buy-orders/business-caps", body: { maxPerDay: 5, maxPerWeek: "300.00" }, expect: ownersOnly(200) },
    { method: "patch", path: providersOrder, body: { status: "paused" }, expect: ownersOnly(200, 404) },
    { method: "delete", path: providersOrder, expect: ownersOnly(204, 404) },
    // Demo mode (no Stripe keys): no card to save, 400; a stranger's order is not found first.
    { method: "post", path: async (fx) => `${await providersOrder(fx)}/card`, body: { setupIntentId: "seti_123" }, expect: ownersOnly(400, 404) },
    { method: "post", path: async (fx) => `${await providersOrder(fx)}/card-setup`, expect: ownersOnly(400, 404) },
  ],
};
