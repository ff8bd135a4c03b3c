import { z } from "zod";

export const suburbSearchQuery = z.object({
  q: z.string().trim().min(1, "Type a suburb or postcode").max(60, "Search text is too long"),
});

export const suburbSuggestion = z.object({
  id: z.number(),
  name: z.string(),
  postcode: z.string(),
  state: z.string(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
});
export type SuburbSuggestion = z.infer<typeof suburbSuggestion>;

export const SUBURB_SEARCH_LIMIT = 10;
