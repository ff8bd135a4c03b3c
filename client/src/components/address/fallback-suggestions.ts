// Built-in address suggestions for when Google Places is not available (docs/product.md sections 4
// and 9): 300 ms debounce, at most 6, only for input longer than 2 characters; 'Main Street'
// and 'George Street' for a bare street number, the typed street over the suburbs its last
// words name otherwise. Localities come from the suburbs table (GET /api/suburbs); the short
// built-in list covers a failed request.
import type { SuburbSuggestion } from "@shared/suburbs";

export const SUGGESTION_DELAY_MS = 300;
export const MAX_SUGGESTIONS = 6;
export const MIN_INPUT_LENGTH = 3;

export interface AddressSuggestion {
  id: string;
  text: string;
  lat?: number;
  lng?: number;
  /** The suburbs table's row it came from. */
  suburbId?: number;
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
  { name: "Rockhampton", state: "QLD", postcode: "4700", lat: -23.3791, lng: 150.51 },
  { name: "Bunbury", state: "WA", postcode: "6230", lat: -33.3271, lng: 115.6414 },
  { name: "Albury", state: "NSW", postcode: "2640", lat: -36.0737, lng: 146.9135 },
];

/** One GET /api/suburbs?q= request and the street kept in front of what it finds. */
export interface SuburbQuery {
  query: string;
  /** Street part kept in front of each locality ("12 Smith St"). */
  street: string | null;
}

export interface SearchPlan {
  /** Suburb searches, best first: the first that finds anything is shown. Empty: no request. */
  queries: SuburbQuery[];
  /** Suggestions known without asking the server. */
  immediate: AddressSuggestion[];
}

const STATE_OR_COUNTRY = /\b(NSW|VIC|QLD|WA|SA|TAS|ACT|NT|Australia)\b/gi;
const STATE_COUNTRY_OR_POSTCODE = /^(NSW|VIC|QLD|WA|SA|TAS|ACT|NT|Australia|\d{4})$/i;
const STREET_TYPE =
  /^(street|st|road|rd|avenue|ave|drive|dr|lane|ln|place|pl|parade|pde|court|ct|crescent|cres|terrace|tce|highway|hwy|boulevard|blvd|close|cl|circuit|cct|esplanade|esp|way)$/i;
const NUMBER_ONLY = /^\d+[a-z]?(\/\d+[a-z]?)?$/i;
const localityText = (l: Pick<Locality, "name" | "state" | "postcode">) => `${l.name} ${l.state} ${l.postcode}`;

const fromLocality = (l: Locality, street: string | null): AddressSuggestion => ({
  id: `builtin-${street ?? ""}-${l.name}`,
  text: street ? `${street}, ${localityText(l)}` : localityText(l),
  lat: l.lat,
  lng: l.lng,
});

/** docs/product.md section 9: '{n} Main Street' and '{n} George Street' over the first 5 localities. */
function mainAndGeorgeStreet(number: string): AddressSuggestion[] {
  const streets = [`${number} Main Street`, `${number} George Street`];
  return BUILT_IN_LOCALITIES.slice(0, 5)
    .flatMap((l) => streets.map((s) => fromLocality(l, s)))
    .slice(0, MAX_SUGGESTIONS);
}

/**
 * "12 Smith St North Parra": the suburb is at the end. The last two words are searched
 * before the last one, so "North Parramatta" wins over "Parramatta" (docs/decisions/020).
 * A split must leave a street (number and a word) and must not end on a street type
 * ("12 Smith St" has no suburb yet).
 */
function streetThenSuburb(input: string): SuburbQuery[] {
  const words = input.split(" ");
  while (words.length > 2 && STATE_COUNTRY_OR_POSTCODE.test(words[words.length - 1]!)) words.pop();
  return [2, 1].flatMap((n) => {
    const street = words.slice(0, -n);
    const suburb = words.slice(-n);
    if (street.length < 2 || STREET_TYPE.test(suburb[suburb.length - 1]!)) return [];
    return [{ query: suburb.join(" "), street: street.join(" ") }];
  });
}

/** What to suggest for the text typed so far. */
export function planSuggestions(raw: string): SearchPlan {
  const input = raw.trim().replace(/\s+/g, " ");
  const none: SearchPlan = { queries: [], immediate: [] };
  if (input.length < MIN_INPUT_LENGTH) return none;
  const comma = input.lastIndexOf(",");

  if (/^\d{3,4}$/.test(input)) return { queries: [{ query: input, street: null }], immediate: [] }; // a postcode
  if (NUMBER_ONLY.test(input)) return { queries: [], immediate: mainAndGeorgeStreet(input) };
  if (/^\d/.test(input) && comma < 0) return { queries: streetThenSuburb(input), immediate: [] };

  const street = comma >= 0 ? input.slice(0, comma).trim() || null : null;
  const tail = (comma >= 0 ? input.slice(comma + 1) : input).trim();
  const query = tail
    .replace(STATE_OR_COUNTRY, " ")
    .replace(/\b\d{4}\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (query.length < 2) return none;
  return { queries: [{ query, street }], immediate: [] };
}

/** Suburbs from the server as suggestions, the street part (if any) in front. */
export function suggestionsFromSuburbs(suburbs: SuburbSuggestion[], street: string | null): AddressSuggestion[] {
  return suburbs.slice(0, MAX_SUGGESTIONS).map((s) => ({
    id: `suburb-${s.id}`,
    suburbId: s.id,
    text: street ? `${street}, ${localityText(s)}` : localityText(s),
    lat: s.latitude ? Number(s.latitude) : undefined,
    lng: s.longitude ? Number(s.longitude) : undefined,
  }));
}

/**
 * When the server has nothing (or cannot be reached): the built-in list, then, for a
 * locality typed without a street, "{text} Street" variants. With a street typed, no
 * made-up suburb is offered: the lead would go to the wrong place.
 */
export function builtInSuggestions(query: string, street: string | null): AddressSuggestion[] {
  const q = query.toLowerCase();
  const matches = BUILT_IN_LOCALITIES.filter((l) => localityText(l).toLowerCase().includes(q));
  if (matches.length > 0) return matches.slice(0, MAX_SUGGESTIONS).map((l) => fromLocality(l, street));
  if (street) return [];
  const named = query.replace(/\b\w/g, (c) => c.toUpperCase());
  const lastWord = named.split(" ").pop() ?? "";
  const streetName = STREET_TYPE.test(lastWord) ? named : `${named} Street`;
  return BUILT_IN_LOCALITIES.slice(0, 5).map((l) => fromLocality(l, streetName));
}

/**
 * The suggestions for a plan once its searches have answered (null: the request failed):
 * the first search that found suburbs, else the built-in list for the first that matches.
 */
export function suggestionsForPlan(plan: SearchPlan, answers: (SuburbSuggestion[] | null)[]): AddressSuggestion[] {
  if (plan.queries.length === 0) return plan.immediate;
  const found = answers.findIndex((a) => a !== null && a.length > 0);
  if (found >= 0) return suggestionsFromSuburbs(answers[found]!, plan.queries[found]!.street);
  for (const { query, street } of plan.queries) {
    const builtIn = builtInSuggestions(query, street);
    if (builtIn.length > 0) return builtIn;
  }
  return [];
}
