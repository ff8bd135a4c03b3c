import { describe, expect, it } from "vitest";
import { type AutoBuyOrder } from "@shared/auto-buy";
import { AUTO_BUY_MESSAGES } from "@shared/auto-buy-messages";
import { MIN_LEAD_SCORE_MESSAGE } from "@shared/lead-score";
import { fieldOf, formOf, NEW_ORDER, orderResolver, previewable, requestOf, SUBURB_NEEDED, type OrderForm } from "./order-form";

const typed = (change: Partial<OrderForm>): OrderForm => ({ ...NEW_ORDER, maxPrice: "25", maxPerWeek: "200", ...change });
const resolve = async (form: OrderForm) => {
  const result = await orderResolver(form, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, (v as { message?: string }).message]));
};

describe("the order form's request", () => {
  it("when typed with a $ and spaces, then money goes as the schema's strings and counts as numbers", () => {
    const request = requestOf(typed({ maxPrice: " $25 ", maxPerWeek: "$200.5", maxPerDay: " 3 ", minLeadScore: " 6/10 " }));
    expect(request).toMatchObject({ maxPrice: "25", maxPerWeek: "200.5", maxPerDay: 3, minLeadScore: 6, radiusKm: null, suburbId: null });
  });

  it("when the area is the service area, the base or a suburb, then radius and suburb go only where they mean something", () => {
    expect(requestOf(typed({ area: "service_area", radiusKm: "40", suburbId: 7 }))).toMatchObject({ radiusKm: null, suburbId: null });
    expect(requestOf(typed({ area: "base", radiusKm: "40", suburbId: 7 }))).toMatchObject({ radiusKm: 40, suburbId: null });
    expect(requestOf(typed({ area: "suburb", radiusKm: "15", suburbId: 7 }))).toMatchObject({ radiusKm: 15, suburbId: 7 });
  });

  it("when an order is edited, then its values come back into the form as typed text and the same request", () => {
    const order = {
      radiusKm: 15,
      suburbId: 7,
      suburbLabel: "Parramatta NSW 2150",
      serviceTypes: ["repair"],
      propertyTypes: ["residential"],
      urgencies: [],
      minLeadScore: 0,
      verifiedMobileOnly: true,
      maxPrice: "25.00",
      maxPerDay: 3,
      maxPerWeek: "200.00",
    } as unknown as AutoBuyOrder;
    const form = formOf(order);
    expect(form).toMatchObject({ area: "suburb", suburbText: "Parramatta NSW 2150", radiusKm: "15", maxPrice: "25.00" });
    expect(requestOf(form)).toMatchObject({ radiusKm: 15, suburbId: 7, serviceTypes: ["repair"], maxPrice: "25.00", maxPerDay: 3, verifiedMobileOnly: true });
  });
});

describe("the form's checks are the shared schema's", () => {
  it("when the values make a good order, then nothing is refused and the preview may be asked", async () => {
    expect(await resolve(typed({}))).toEqual({});
    expect(previewable(typed({}))).toBe(true);
  });

  it("when money, counts or the radius are wrong, then each field gets the server's own words", async () => {
    const errors = await resolve(typed({ area: "base", radiusKm: "", maxPrice: "0", maxPerWeek: "12.345", maxPerDay: "0", minLeadScore: "60" }));
    expect(errors).toEqual({
      radiusKm: AUTO_BUY_MESSAGES.radius,
      maxPrice: AUTO_BUY_MESSAGES.maxPrice,
      maxPerWeek: AUTO_BUY_MESSAGES.maxPerWeek,
      maxPerDay: AUTO_BUY_MESSAGES.maxPerDay,
      minLeadScore: MIN_LEAD_SCORE_MESSAGE,
    });
    expect(previewable(typed({ maxPrice: "" }))).toBe(false);
    expect(previewable(typed({ minLeadScore: "11" }))).toBe(false);
  });

  it("when a suburb area has no suburb picked from the list, then the picker says so and there is no preview", async () => {
    expect(await resolve(typed({ area: "suburb", suburbText: "Parra", suburbId: null }))).toEqual({ suburbText: SUBURB_NEEDED });
    expect(previewable(typed({ area: "suburb", suburbId: null }))).toBe(false);
  });

  it("when the server names a field, then its message goes under the matching form field", () => {
    expect(fieldOf("suburbId")).toBe("suburbText");
    expect(fieldOf("maxPerWeek")).toBe("maxPerWeek");
    expect(fieldOf("ownerId")).toBeNull();
  });
});
