// The quote builder's typing, before it is sent: lines as typed, and the totals shown live
// through shared/document-totals.ts, the same rule the server applies to what is sent. The
// screen only shows money; the quote the server answers is the one that counts.
import { depositCents, documentTotals, MAX_DOCUMENT_LINES, type DocumentLine } from "@shared/document-totals";

export interface LineDraft {
  /** A stable React key: lines are added and removed in the middle. */
  key: number;
  description: string;
  quantity: string;
  unitPrice: string;
  gstFree: boolean;
}

export type DepositKind = "none" | "percent" | "amount";

let nextKey = 1;
export const emptyLine = (): LineDraft => ({ key: nextKey++, description: "", quantity: "1", unitPrice: "", gstFree: false });

/**
 * What a person types into a money or quantity field, as the wire writes it: "$1,250" and
 * " 1250.5 " are "1250.5"; anything that is not a non-negative number with at most 2
 * decimals is null (shown as not counted yet, and refused by the server if sent).
 */
export function typedNumber(text: string): string | null {
  const plain = text.replace(/[$,\s]/g, "");
  if (!/^\d+(\.\d{0,2})?$/.test(plain) && !/^\.\d{1,2}$/.test(plain)) return null;
  const [whole = "", fraction = ""] = plain.split(".");
  return `${whole || "0"}${fraction ? `.${fraction}` : ""}`;
}

/** A line as the wire sends it: what was typed, cleaned of "$" and thousands separators. */
export function wireLine(line: LineDraft): DocumentLine {
  return {
    description: line.description.trim(),
    quantity: typedNumber(line.quantity) ?? line.quantity.trim(),
    unitPrice: typedNumber(line.unitPrice) ?? line.unitPrice.trim(),
    gstFree: line.gstFree,
  };
}

export interface LiveTotals {
  /** Each line's amount in cents, or null while its quantity or price is not a number yet. */
  lineCents: (number | null)[];
  subtotalCents: number;
  gstCents: number;
  totalCents: number;
  depositCents: number;
}

/**
 * The totals of the lines that can be counted so far: a line still being typed counts as
 * nothing, so the figures never jump to an error while someone types "1." on the way to "1.5".
 */
export function liveTotals(lines: readonly LineDraft[], gstRegistered: boolean, deposit: { kind: DepositKind; value: string }): LiveTotals {
  const counted = lines.map((line) => {
    const quantity = typedNumber(line.quantity);
    const unitPrice = typedNumber(line.unitPrice);
    return quantity === null || unitPrice === null ? null : { description: line.description, quantity, unitPrice, gstFree: line.gstFree };
  });
  const totals = documentTotals(
    counted.filter((line) => line !== null),
    { gstRegistered },
  );
  const amounts = totals.lines.map((l) => l.amountCents);
  let next = 0;
  const lineCents = counted.map((line) => (line === null ? null : amounts[next++]!));
  const value = typedNumber(deposit.value);
  const asked =
    deposit.kind === "amount" && value !== null
      ? { depositAmount: value }
      : deposit.kind === "percent" && value !== null && Number(value) <= 100
        ? { depositPercent: Number(value) }
        : {};
  return {
    lineCents,
    subtotalCents: totals.subtotalCents,
    gstCents: totals.gstCents,
    totalCents: totals.totalCents,
    depositCents: depositCents(totals.totalCents, asked),
  };
}

export const canAddLine = (lines: readonly LineDraft[]) => lines.length < MAX_DOCUMENT_LINES;

/** Field errors by the path the shared schema and the server both name: "items.3.unitPrice", "validUntil"; "_" for the rest. */
export type FieldErrors = Record<string, string>;

/** The shared schema's issues as the server's 400 lists them, so both land on the same fields. */
export function errorsOfIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path.map(String).join(".") || "_"] ??= issue.message;
  return errors;
}
