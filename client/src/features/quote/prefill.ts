// Query parameters of /get-quote (docs/product.md section 2, "Electrical quote wizard").

/**
 * serviceLocation or location prefill the field and earn the 'Service location: ...' banner
 * (docs/product.md section 2); suburb + postcode only prefill the field when neither is given.
 */
export function prefilledLocation(search: string): { text: string; banner: boolean } {
  const params = new URLSearchParams(search);
  const direct = [params.get("serviceLocation"), params.get("location")].map((v) => v?.trim()).find(Boolean);
  if (direct) return { text: direct, banner: true };
  const fromSuburb = [params.get("suburb"), params.get("postcode")]
    .filter((p) => p?.trim())
    .join(" ")
    .trim();
  return { text: fromSuburb, banner: false };
}
