// GST (docs/product.md, "Money after the sale"): 10% of a document's taxable subtotal, rounded half
// up once per document, never per line; one eleventh of a GST-inclusive price (a lead we sell).
// Whole cents throughout, in integers, so the screen, the server and the PDF agree to the cent.

export const GST_RATE_PERCENT = 10;

/** Half up, for a non-negative ratio of integers: 5 / 10 -> 1. Exact for any cents a numeric(10,2) holds. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** GST on a taxable subtotal given ex-GST: 10%, half up. */
export function gstOnCents(taxableCents: number): number {
  return Number(divideHalfUp(BigInt(taxableCents) * BigInt(GST_RATE_PERCENT), 100n));
}

/** The GST inside a GST-inclusive price (a lead we sell): one eleventh, half up. */
export function gstIncludedInCents(totalCents: number): number {
  return Number(divideHalfUp(BigInt(totalCents), 11n));
}

/**
 * The ATO lets a tax invoice say "Total price includes GST" instead of the GST amount when the
 * GST is exactly one eleventh of the total (every line taxable).
 */
export const gstIsOneEleventhOfTotal = (totals: { gstCents: number; totalCents: number }) =>
  totals.gstCents > 0 && BigInt(totals.gstCents) * 11n === BigInt(totals.totalCents);
