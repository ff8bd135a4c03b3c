/// <reference types="google.maps" />
// Google's current Places API (docs/decisions/034): the legacy `places.Autocomplete` widget is closed to
// keys created since March 2025. Suggestions come from AutocompleteSuggestion
// .fetchAutocompleteSuggestions (Australia only, one session token per pick), shown in the
// field's own list; a pick fetches the place's address components and location. Loaded once
// per page through @googlemaps/js-api-loader; any failure is logged and the field keeps its
// built-in suggestions (docs/product.md section 8, docs/decisions/020).

/** A load that has not produced the Places library by then counts as failed. */
export const PLACES_LOAD_TIMEOUT_MS = 5000;

declare global {
  interface Window {
    /** Google calls this when the key is bad or the referrer is blocked; the script itself loads fine. */
    gm_authFailure?: () => void;
  }
}

let configuredKey: string | null = null;
let failed = false;
const failureListeners = new Set<() => void>();

function markFailed(reason: unknown) {
  if (failed) return;
  failed = true;
  console.warn("Places autocomplete unavailable; using built-in suggestions", reason);
  failureListeners.forEach((listener) => listener());
}

/** True once Places has failed on this page: every field stays on the built-in suggestions. */
export const placesHaveFailed = () => failed;

/** Called once when Places fails after (or while) loading; returns an unsubscribe function. */
export function onPlacesFailure(listener: () => void) {
  failureListeners.add(listener);
  return () => void failureListeners.delete(listener);
}

function withTimeout<T>(promise: Promise<T>, ms: number) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Google Places did not load within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * The loader comes with the first key: a site without one (and every landing page's first
 * paint) never downloads it (docs/decisions/028). When `google.maps.importLibrary` already exists (Google's
 * own bootstrap snippet, or a test's stand-in), the loader uses it and adds no script.
 */
async function importPlaces(key: string) {
  const { importLibrary, setOptions } = await import("@googlemaps/js-api-loader");
  if (configuredKey === null) {
    window.gm_authFailure = () => markFailed(new Error("Google Maps rejected the API key (gm_authFailure)"));
    setOptions({ key, v: "weekly", region: "AU", language: "en-AU" });
    configuredKey = key;
  }
  return importLibrary("places");
}

/** The Places library, or a rejection (reported as the page's failure) when it cannot load. */
export async function loadPlaces(key: string): Promise<google.maps.PlacesLibrary> {
  if (failed) throw new Error("Google Places already failed on this page");
  try {
    const places = await withTimeout(importPlaces(key), PLACES_LOAD_TIMEOUT_MS);
    if (failed) throw new Error("Google Places failed while loading");
    if (!places.AutocompleteSuggestion) throw new Error("this Maps JavaScript API has no AutocompleteSuggestion");
    return places;
  } catch (err) {
    markFailed(err);
    throw err;
  }
}

export interface PickedPlace {
  text: string;
  lat?: number;
  lng?: number;
  /** From Google's address components when the pick came from Places. */
  suburb?: string;
  postcode?: string;
  state?: string;
  /** The suburbs table's row, when the pick came from it (the auto-buy order's suburb picker). */
  suburbId?: number;
}

export interface PlaceSuggestion {
  id: string;
  text: string;
  /** Fetches the place's details; ends the session (the next keystroke starts a new one). */
  pick: () => Promise<PickedPlace>;
}

const component = (place: google.maps.places.Place, type: string, form: "longText" | "shortText") =>
  place.addressComponents?.find((c) => c.types.includes(type))?.[form] ?? undefined;

/**
 * The picked place as the field shows it: Google's address without ", Australia", always
 * ending "Suburb STATE postcode" so the server finds the suburb (the location rule of docs/decisions/034).
 */
export function pickedFromPlace(place: google.maps.places.Place, fallbackText: string): PickedPlace {
  const suburb = component(place, "locality", "longText") ?? component(place, "postal_town", "longText");
  const state = component(place, "administrative_area_level_1", "shortText");
  const postcode = component(place, "postal_code", "longText");
  let text = (place.formattedAddress ?? fallbackText).replace(/,\s*Australia$/i, "").trim();
  const area = [suburb, state, postcode].filter(Boolean).join(" ");
  if (suburb && !text.toLowerCase().includes(area.toLowerCase())) {
    const street = [component(place, "street_number", "longText"), component(place, "route", "longText")].filter(Boolean).join(" ");
    text = street ? `${street}, ${area}` : area;
  }
  const location = place.location;
  return { text, suburb, state, postcode, lat: location?.lat(), lng: location?.lng() };
}

/** One autocomplete session: suggestions as the customer types, then one pick that closes it. */
export function placesSession(places: google.maps.PlacesLibrary) {
  let token = new places.AutocompleteSessionToken();
  return async function suggest(input: string): Promise<PlaceSuggestion[]> {
    let answer: { suggestions: google.maps.places.AutocompleteSuggestion[] };
    try {
      answer = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
        input,
        sessionToken: token,
        includedRegionCodes: ["au"],
        language: "en-AU",
        region: "au",
      });
    } catch (err) {
      // A refused key shows up here with the current API: the page falls back for good.
      markFailed(err);
      throw err;
    }
    return answer.suggestions.flatMap(({ placePrediction: prediction }) =>
      prediction
        ? [
            {
              id: `google-${prediction.placeId}`,
              text: prediction.text.text.replace(/,\s*Australia$/i, ""),
              pick: async () => {
                const { place } = await prediction.toPlace().fetchFields({ fields: ["addressComponents", "location", "formattedAddress"] });
                token = new places.AutocompleteSessionToken();
                return pickedFromPlace(place, prediction.text.text);
              },
            },
          ]
        : [],
    );
  };
}
