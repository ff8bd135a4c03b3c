/// <reference types="google.maps" />
// Google Places Autocomplete on an existing <input>, restricted to Australia (SPEC.md
// section 7). Loaded once per page through @googlemaps/js-api-loader; any failure is
// logged and the field keeps its built-in suggestions (section 8).
import { importLibrary, setOptions } from "@googlemaps/js-api-loader";

let configuredKey: string | null = null;

export interface PickedPlace {
  text: string;
  lat?: number;
  lng?: number;
}

/** Attaches Autocomplete; resolves to a detach function. Rejects when Places cannot load. */
export async function attachPlacesAutocomplete(input: HTMLInputElement, key: string, onPick: (place: PickedPlace) => void) {
  if (configuredKey === null) {
    setOptions({ key, v: "weekly", region: "AU", language: "en-AU" });
    configuredKey = key;
  }
  const places = await importLibrary("places");
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
  };
}
