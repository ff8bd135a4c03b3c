// The order form's values as typed, and the request they make (docs/decisions/065-auto-buy-screens.md).
// Money and counts are typed as text (decimal keyboards, no spinner); the shared schema of
// shared/auto-buy.ts checks the request built from them, so the form refuses exactly what the
// server would, with the same words, under the same fields.
import type { FieldErrors, Resolver } from "react-hook-form";
import { autoBuyOrderCreateRequest, type AutoBuyOrder, type AutoBuyOrderCreateRequest } from "@shared/auto-buy";
import { MIN_LEAD_SCORE_MESSAGE, minLeadScoreForForm, minLeadScoreFromForm } from "@shared/lead-score";

/** Which area the order buys in: the service area, a radius around the owner's base, or around a suburb. */
export type AreaKind = "service_area" | "base" | "suburb";

export interface OrderForm {
  area: AreaKind;
  radiusKm: string;
  suburbId: number | null;
  /** The picked suburb's text, or what is being typed in the picker. */
  suburbText: string;
  serviceTypes: string[];
  propertyTypes: string[];
  urgencies: string[];
  /** Out of 10, as the market's cards show a lead's score. */
  minLeadScore: string;
  verifiedMobileOnly: boolean;
  maxPrice: string;
  maxPerDay: string;
  maxPerWeek: string;
}

export const NEW_ORDER: OrderForm = {
  area: "service_area",
  radiusKm: "15",
  suburbId: null,
  suburbText: "",
  serviceTypes: [],
  propertyTypes: [],
  urgencies: [],
  minLeadScore: "0",
  verifiedMobileOnly: false,
  maxPrice: "",
  maxPerDay: "3",
  maxPerWeek: "",
};

export function formOf(order: AutoBuyOrder): OrderForm {
  return {
    area: order.suburbId !== null ? "suburb" : order.radiusKm !== null ? "base" : "service_area",
    radiusKm: String(order.radiusKm ?? NEW_ORDER.radiusKm),
    suburbId: order.suburbId,
    suburbText: order.suburbLabel ?? "",
    serviceTypes: order.serviceTypes,
    propertyTypes: order.propertyTypes,
    urgencies: order.urgencies,
    minLeadScore: minLeadScoreForForm(order.minLeadScore),
    verifiedMobileOnly: order.verifiedMobileOnly,
    maxPrice: order.maxPrice,
    maxPerDay: String(order.maxPerDay),
    maxPerWeek: order.maxPerWeek,
  };
}

/** Whole numbers typed as text become numbers; anything else goes as typed, for the schema to refuse in words. */
const whole = (text: string): unknown => (/^\s*\d+\s*$/.test(text) ? Number(text) : text.trim() === "" ? undefined : text);
/** "$25" and "25.50 " are what people type for money. */
const money = (text: string) => text.replace(/^\s*\$/, "").trim();

/** The request body the form's values make (the create, the edit and the preview take the same fields). */
export function requestOf(form: OrderForm): AutoBuyOrderCreateRequest {
  // An empty radius goes as "", so the schema says what a radius must be rather than that it is missing.
  const radius = form.area === "service_area" ? null : (whole(form.radiusKm) ?? "");
  return {
    radiusKm: radius as number | null,
    suburbId: form.area === "suburb" ? form.suburbId : null,
    serviceTypes: form.serviceTypes,
    propertyTypes: form.propertyTypes,
    urgencies: form.urgencies,
    minLeadScore: (minLeadScoreFromForm(form.minLeadScore) ?? whole(form.minLeadScore)) as number,
    verifiedMobileOnly: form.verifiedMobileOnly,
    maxPrice: money(form.maxPrice),
    maxPerDay: whole(form.maxPerDay) as number,
    maxPerWeek: money(form.maxPerWeek),
  } as AutoBuyOrderCreateRequest;
}

/** The form field a request field's message belongs under (a suburb's problems go under the picker). */
export function fieldOf(path: string): keyof OrderForm | null {
  if (path === "suburbId") return "suburbText";
  const known: Array<keyof OrderForm> = [
    "radiusKm",
    "serviceTypes",
    "propertyTypes",
    "urgencies",
    "minLeadScore",
    "verifiedMobileOnly",
    "maxPrice",
    "maxPerDay",
    "maxPerWeek",
  ];
  return known.find((k) => k === path) ?? null;
}

/** A picked area around a suburb needs the suburb: said under the picker, as the server would. */
export const SUBURB_NEEDED = "Choose the suburb the radius is around";

/** react-hook-form's resolver: the shared schema over the request the values make. */
export const orderResolver: Resolver<OrderForm> = async (values) => {
  const errors: FieldErrors<OrderForm> = {};
  if (values.area === "suburb" && values.suburbId === null) errors.suburbText = { type: "required", message: SUBURB_NEEDED };
  // The API takes up to 100, but no lead scores above 10: the form asks on the cards' scale.
  if (minLeadScoreFromForm(values.minLeadScore) === null) errors.minLeadScore = { type: "range", message: MIN_LEAD_SCORE_MESSAGE };
  const checked = autoBuyOrderCreateRequest.safeParse(requestOf(values));
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const field = fieldOf(String(issue.path[0] ?? ""));
      if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
    }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/** Whether the values make a request worth previewing (the schema accepts it). */
export const previewable = (form: OrderForm) =>
  !(form.area === "suburb" && form.suburbId === null) &&
  minLeadScoreFromForm(form.minLeadScore) !== null &&
  autoBuyOrderCreateRequest.safeParse(requestOf(form)).success;
