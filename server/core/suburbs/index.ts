// Australian suburbs and postcodes (docs/decisions/089-server-tiers.md): imported once, resolved
// from what a customer types, searched by the location field.
export { resolveSuburb } from "./resolve";
export { fillSuburbRegionsIfMissing, importSuburbsIfEmpty } from "./import";
export { searchSuburbs } from "./service";
