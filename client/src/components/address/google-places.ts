/// <reference types="google.maps" />
// Google Places Autocomplete on an existing <input>, restricted to Australia (SPEC.md
// section 7). Loaded once per page through @googlemaps/js-api-loader; any failure is
// logged and the field keeps its built-in suggestions (section 8).

/** A load that has not produced an Autocomplete by then counts as failed. */
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

/** Called once when Places fails after (or while) attaching; returns an unsubscribe function. */
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

/** The loader comes with the first key: a site without one (and every landing page's first paint) never downloads it (issue 13). */
async function loadPlaces(key: string) {
  const { importLibrary, setOptions } = await import("@googlemaps/js-api-loader");
  if (configuredKey === null) {
    window.gm_authFailure = () => markFailed(new Error("Google Maps rejected the API key (gm_authFailure)"));
    setOptions({ key, v: "weekly", region: "AU", language: "en-AU" });
    configuredKey = key;
  }
  return importLibrary("places");
}

export interface PickedPlace {
  text: string;
  lat?: number;
  lng?: number;
}

/** Attaches Autocomplete; resolves to a detach function. Rejects (and reports the failure) when Places cannot load. */
export async function attachPlacesAutocomplete(input: HTMLInputElement, key: string, onPick: (place: PickedPlace) => void) {
  if (failed) throw new Error("Google Places already failed on this page");
  let places: google.maps.PlacesLibrary;
  try {
    places = await withTimeout(loadPlaces(key), PLACES_LOAD_TIMEOUT_MS);
    if (failed) throw new Error("Google Places failed while loading");
  } catch (err) {
    markFailed(err);
    throw err;
  }
  const autocomplete = new places.Autocomplete(input, {
    componentRestrictions: { country: "au" },
    types: ["address"],
    fields: ["formatted_address", "geometry", "name", "place_id"],
  });
  const listener = autocomplete.addListener("place_changed", () => {
    const place = autocomplete.getPlace();
    const text = place.formatted_address ?? place.name ?? input.value;
    const location = place.geometry?.location;
    onPick({ text, lat: location?.lat(), lng: location?.lng() });
  });
  return () => {
    listener.remove();
    google.maps.event.clearInstanceListeners(autocomplete);
    // Google's own dropdown lives on <body> and outlives the input (one address field per screen).
    document.querySelectorAll(".pac-container").forEach((el) => el.remove());
  };
}
