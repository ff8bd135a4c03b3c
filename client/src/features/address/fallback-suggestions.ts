// Built-in address suggestions for when Google Places is not available (SPEC.md sections 4
// and 9): 300 ms debounce, at most 6, only for input longer than 2 characters; street-style
// suggestions when the input starts with a street number. Localities come from the suburbs
// table (GET /api/suburbs); the short built-in list covers a failed request.
import type { SuburbSuggestion } from "@shared/suburbs";

export const SUGGESTION_DELAY_MS = 300;
export const MAX_SUGGESTIONS = 6;
export const MIN_INPUT_LENGTH = 3;

export interface AddressSuggestion {
  id: string;
  text: string;
  lat?: number;
  lng?: number;
}

interface Locality {
  name: string;
  state: string;
  postcode: string;
  lat: number;
  lng: number;
}

/** 26 well-known localities, capitals first (the first 5 build the street-style suggestions). */
export const BUILT_IN_LOCALITIES: Locality[] = [
  { name: "Sydney", state: "NSW", postcode: "2000", lat: -33.8688, lng: 151.2093 },
  { name: "Melbourne", state: "VIC", postcode: "3000", lat: -37.8136, lng: 144.9631 },
  { name: "Brisbane", state: "QLD", postcode: "4000", lat: -27.4698, lng: 153.0251 },
  { name: "Perth", state: "WA", postcode: "6000", lat: -31.9523, lng: 115.8613 },
  { name: "Adelaide", state: "SA", postcode: "5000", lat: -34.9285, lng: 138.6007 },
  { name: "Canberra", state: "ACT", postcode: "2601", lat: -35.2809, lng: 149.13 },
  { name: "Hobart", state: "TAS", postcode: "7000", lat: -42.8821, lng: 147.3272 },
  { name: "Darwin", state: "NT", postcode: "0800", lat: -12.4634, lng: 130.8456 },
  { name: "Gold Coast", state: "QLD", postcode: "4217", lat: -28.0167, lng: 153.4 },
  { name: "Newcastle", state: "NSW", postcode: "2300", lat: -32.9283, lng: 151.7817 },
  { name: "Wollongong", state: "NSW", postcode: "2500", lat: -34.4278, lng: 150.8931 },
  { name: "Geelong", state: "VIC", postcode: "3220", lat: -38.1499, lng: 144.3617 },
  { name: "Sunshine Coast", state: "QLD", postcode: "4558", lat: -26.65, lng: 153.0667 },
  { name: "Townsville", state: "QLD", postcode: "4810", lat: -19.259, lng: 146.8169 },
  { name: "Cairns", state: "QLD", postcode: "4870", lat: -16.9186, lng: 145.7781 },
  { name: "Toowoomba", state: "QLD", postcode: "4350", lat: -27.5598, lng: 151.9507 },
  { name: "Ballarat", state: "VIC", postcode: "3350", lat: -37.5622, lng: 143.8503 },
  { name: "Bendigo", state: "VIC", postcode: "3550", lat: -36.757, lng: 144.2794 },
  { name: "Launceston", state: "TAS", postcode: "7250", lat: -41.4332, lng: 147.1441 },
  { name: "Parramatta", state: "NSW", postcode: "2150", lat: -33.8136, lng: 151.0034 },
  { name: "Penrith", state: "NSW", postcode: "2750", lat: -33.7507, lng: 150.6877 },
  { name: "Fremantle", state: "WA", postcode: "6160", lat: -32.0569, lng: 115.7439 },
  { name: "Mackay", state: "QLD", postcode: "4740", lat: -21.1411, lng: 149.1861 },
  { name: "Rockhampton", state: "QLD", postcode: "4700", lat: -23.3791, lng: 150.5100 },
  { name: "Bunbury", state: "WA", postcode: "6230", lat: -33.3271, lng: 115.6414 },
  { name: "Albury", state: "NSW", postcode: "2640", lat: -36.0737, lng: 146.9135 },
];

export interface SearchPlan {
  /** Text for GET /api/suburbs?q=, or null when no request is needed. */
  query: string | null;
  /** Street part kept in front of each locality ("12 Smith St"). */
  street: string | null;
  /** Suggestions known without asking the server. */
  immediate: AddressSuggestion[];
}

const STATE_OR_COUNTRY = /\b(NSW|VIC|QLD|WA|SA|TAS|ACT|NT|Australia)\b/gi;
const localityText = (l: Pick<Locality, "name" | "state" | "postcode">) => `${l.name} ${l.state} ${l.postcode}`;

const fromLocality = (l: Locality, street: string | null): AddressSuggestion => ({
  id: `builtin-${street ?? ""}-${l.name}`,
  text: street ? `${street}, ${localityText(l)}` : localityText(l),
  lat: l.lat,
  lng: l.lng,
});

function streetStyle(input: string): AddressSuggestion[] {
  const firstFive = BUILT_IN_LOCALITIES.slice(0, 5);
  const numberOnly = /^\d+[a-z]?(\/\d+[a-z]?)?$/i.test(input);
  const streets = numberOnly ? [`${input} Main Street`, `${input} George Street`] : [input];
  return firstFive.flatMap((l) => streets.map((s) => fromLocality(l, s))).slice(0, MAX_SUGGESTIONS);
}

/** What to suggest for the text typed so far. */
export function planSuggestions(raw: string): SearchPlan {
  const input = raw.trim().replace(/\s+/g, " ");
  if (input.length < MIN_INPUT_LENGTH) return { query: null, street: null, immediate: [] };
  const comma = input.lastIndexOf(",");
  const street = comma >= 0 ? input.slice(0, comma).trim() || null : null;
  const tail = (comma >= 0 ? input.slice(comma + 1) : input).trim();

  if (/^\d{3,4}$/.test(input)) return { query: input, street: null, immediate: [] }; // a postcode
  if (/^\d/.test(input) && comma < 0) return { query: null, street: null, immediate: streetStyle(input) };

  const query = tail.replace(STATE_OR_COUNTRY, " ").replace(/\b\d{4}\b/g, " ").replace(/\s+/g, " ").trim();
  if (query.length < 2) return { query: null, street, immediate: [] };
  return { query, street, immediate: [] };
}

/** Suburbs from the server as suggestions, the street part (if any) in front. */
export function suggestionsFromSuburbs(suburbs: SuburbSuggestion[], street: string | null): AddressSuggestion[] {
  return suburbs.slice(0, MAX_SUGGESTIONS).map((s) => ({
    id: `suburb-${s.id}`,
    text: street ? `${street}, ${localityText(s)}` : localityText(s),
    lat: s.latitude ? Number(s.latitude) : undefined,
    lng: s.longitude ? Number(s.longitude) : undefined,
  }));
}

/** When the server has nothing (or cannot be reached): the built-in list, then "{text} Street" variants. */
export function builtInSuggestions(query: string, street: string | null): AddressSuggestion[] {
  const q = query.toLowerCase();
  const matches = BUILT_IN_LOCALITIES.filter((l) => localityText(l).toLowerCase().includes(q));
  if (matches.length > 0) return matches.slice(0, MAX_SUGGESTIONS).map((l) => fromLocality(l, street));
  const named = query.replace(/\b\w/g, (c) => c.toUpperCase());
  const streetName = /\b(street|st|road|rd|avenue|ave|drive|dr|lane|ln|place|pl|parade|pde|court|ct|way)$/i.test(named) ? named : `${named} Street`;
  return streetStyle(street ? `${street} ${streetName}` : streetName).slice(0, MAX_SUGGESTIONS);
}
