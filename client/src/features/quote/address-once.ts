// The wizard asks for the address once (docs/decisions/086-one-promise-one-address-quiet-sign-out.md):
// the first step's service location takes a street address or a suburb. The API keeps both of
// its fields (POST /api/leads, docs/product.md section 7), so the request's property address is
// filled from the location when that names a street, and left empty for a suburb alone, which
// is not a property's address (the lead's score counts an address given).

/** A house number, then a word: "12 Smith St, ...", "3/22 Marsden St, ...". A postcode ends the text, so it never counts. */
const STREET = /(^|[\s,/])\d+[a-z]?\s+[a-z]{2,}/i;

/** The property address the request carries: the service location when it names a street, else null. */
export const propertyAddressOf = (serviceLocation: string) => (STREET.test(serviceLocation) ? serviceLocation.trim() : null);
