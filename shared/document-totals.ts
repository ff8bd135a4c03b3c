// The money of a quote, an invoice or a lead's tax invoice: one pure rule for the screen, the
// server, the PDF and the tests (docs/product.md, "Money after the sale"). Everything is summed in
// whole cents; GST is 10% of the taxable subtotal, rounded half up once per document, never per line.
import { divideHalfUp, gstOnCents } from "./gst";
import { MAX_STORED_CENTS } from "./pricing";

/** At most this many lines on one document. */
export const MAX_DOCUMENT_LINES = 50;
/** Quantities carry at most 2 decimals ("1.5" hours) and stay below this. */
export const MAX_QUANTITY = 100_000;

export interface DocumentLine {
  description: string;
  /** "2", "1.5": at most 2 decimals. */
  quantity: string | number;
  /** Dollars, 2 decimals; ex-GST when the seller is registered for GST. */
  unitPrice: string;
  /** A GST-free supply (docs/product.md): no GST is added to it. */
  gstFree?: boolean;
}

export interface LineTotal {
  amountCents: number;
  taxable: boolean;
}

export interface DocumentTotals {
  lines: LineTotal[];
  subtotalCents: number;
  taxableCents: number;
  gstCents: number;
  totalCents: number;
}

/** "12.34" -> 1234n exactly (no floating point): money strings have at most 2 decimals. */
function hundredths(value: string | number): bigint {
  const text = typeof value === "number" ? value.toFixed(2) : value.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`not an amount: ${text}`);
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? "").padEnd(2, "0"));
}

/** One line's amount in cents: quantity x unit price, rounded half up to the cent. */
export function lineAmountCents(line: Pick<DocumentLine, "quantity" | "unitPrice">): number {
  return Number(divideHalfUp(hundredths(line.quantity) * hundredths(line.unitPrice), 100n));
}

/**
 * The document's totals. A seller not registered for GST charges none, whatever the lines say.
 * Throws a RangeError for a malformed amount; callers bound the result with `fitsStoredMoney`.
 */
export function documentTotals(lines: readonly DocumentLine[], seller: { gstRegistered: boolean }): DocumentTotals {
  const lineTotals = lines.map((line) => ({ amountCents: lineAmountCents(line), taxable: seller.gstRegistered && !line.gstFree }));
  const subtotalCents = lineTotals.reduce((sum, line) => sum + line.amountCents, 0);
  const taxableCents = lineTotals.reduce((sum, line) => sum + (line.taxable ? line.amountCents : 0), 0);
  const gstCents = gstOnCents(taxableCents);
  return { lines: lineTotals, subtotalCents, taxableCents, gstCents, totalCents: subtotalCents + gstCents };
}

/** True when every figure fits a numeric(10,2) column. */
export const fitsStoredMoney = (totals: DocumentTotals) =>
  totals.totalCents <= MAX_STORED_CENTS && totals.lines.every((l) => l.amountCents <= MAX_STORED_CENTS);

/**
 * The deposit asked on a quote: a percentage of the total (half up), or an amount no larger than
 * the total; none when neither is given.
 */
export function depositCents(totalCents: number, deposit: { depositPercent?: number | null; depositAmount?: string | null }): number {
  if (deposit.depositAmount != null) return Math.min(totalCents, Number(hundredths(deposit.depositAmount)));
  if (deposit.depositPercent != null) {
    const basisPoints = BigInt(Math.round(deposit.depositPercent * 100));
    return Number(divideHalfUp(BigInt(totalCents) * basisPoints, 10_000n));
  }
  return 0;
}
