// What a customer accepts, fixed by its SHA-256 (docs/decisions/051-quotes-and-tax-invoices.md):
// the quote's number, seller, every line, the figures, the deposit, the last day and the notes,
// as stored, in one canonical JSON. Anyone holding the stored quote can compute it again and
// compare it with the hash kept in quote_acceptances.
import { createHash } from "node:crypto";
import type { Quote } from "../../../shared/quotes";

export function acceptedTerms(quote: Quote) {
  return {
    id: quote.id,
    number: quote.number,
    seller: quote.seller,
    items: quote.items,
    subtotal: quote.subtotal,
    gst: quote.gst,
    total: quote.total,
    deposit: quote.deposit,
    validUntil: quote.validUntil,
    notes: quote.notes,
    createdAt: quote.createdAt,
  };
}

export const termsHash = (quote: Quote) =>
  createHash("sha256")
    .update(JSON.stringify(acceptedTerms(quote)), "utf8")
    .digest("hex");
