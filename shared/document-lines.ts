// A quote's or an invoice's lines on the wire (docs/decisions/051-quotes-and-tax-invoices.md).
// What they add up to is shared/document-totals.ts's alone; this file only parses and shapes.
import { z } from "zod";
import { MAX_DOCUMENT_LINES, MAX_QUANTITY } from "./document-totals";
import { MAX_STORED_CENTS, MONEY_TOO_LARGE, toCents } from "./pricing";

export const DOCUMENT_MESSAGES = {
  noLines: "Add at least one line",
  tooManyLines: `A document has at most ${MAX_DOCUMENT_LINES} lines`,
  description: "Describe the line",
  descriptionTooLong: "Keep a line's description to 500 characters",
  quantity: "Enter a quantity above 0 with at most 2 decimals",
  quantityTooLarge: `The quantity is below ${MAX_QUANTITY.toLocaleString("en-AU")}`,
  amount: "Enter an amount of 0 or more, with at most 2 decimals",
  tooLarge: MONEY_TOO_LARGE,
  notesTooLong: "Keep the notes to 2000 characters",
} as const;

const MONEY_PATTERN = /^\d+(\.\d{1,2})?$/;
const QUANTITY_PATTERN = /^\d+(\.\d{1,2})?$/;

const text = (v: unknown) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : v);

/** Dollars with at most 2 decimals, within numeric(10,2); "12.5" or 12.5 in, "12.50" out. */
export const documentMoney = z.preprocess(
  text,
  z
    .string({ error: DOCUMENT_MESSAGES.amount })
    .regex(MONEY_PATTERN, DOCUMENT_MESSAGES.amount)
    .refine((v) => toCents(v) <= MAX_STORED_CENTS, DOCUMENT_MESSAGES.tooLarge)
    .transform((v) => (toCents(v) / 100).toFixed(2)),
);

/** A quantity above 0 with at most 2 decimals ("1.5" hours); "2" or 2 in, "2" out as typed. */
export const documentQuantity = z.preprocess(
  text,
  z
    .string({ error: DOCUMENT_MESSAGES.quantity })
    .regex(QUANTITY_PATTERN, DOCUMENT_MESSAGES.quantity)
    .refine((v) => Number(v) > 0, DOCUMENT_MESSAGES.quantity)
    .refine((v) => Number(v) < MAX_QUANTITY, DOCUMENT_MESSAGES.quantityTooLarge)
    .transform((v) => String(Number(v))),
);

/** One line as the builder sends it: unit price ex-GST when the seller is registered for GST. */
export const documentLineInput = z.object({
  description: z.string({ error: DOCUMENT_MESSAGES.description }).trim().min(1, DOCUMENT_MESSAGES.description).max(500, DOCUMENT_MESSAGES.descriptionTooLong),
  quantity: documentQuantity,
  unitPrice: documentMoney,
  /** A GST-free supply: no GST is added to it (ignored for a seller not registered). */
  gstFree: z.boolean().optional().default(false),
});
export type DocumentLineInput = z.input<typeof documentLineInput>;

export const documentLinesInput = z
  .array(documentLineInput, { error: DOCUMENT_MESSAGES.noLines })
  .min(1, DOCUMENT_MESSAGES.noLines)
  .max(MAX_DOCUMENT_LINES, DOCUMENT_MESSAGES.tooManyLines);

export const documentNotes = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z.string().trim().max(2000, DOCUMENT_MESSAGES.notesTooLong).nullish(),
);

/** A line as a document shows it: `amount` = quantity x unit price, ex-GST for a registered seller. */
export const documentItemSchema = z.object({
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  gstFree: z.boolean(),
  amount: z.string(),
});
export type DocumentItem = z.infer<typeof documentItemSchema>;

/** Who issues a document, as it was when it was issued (a later change of details never rewrites one). */
export const documentSellerSchema = z.object({
  businessName: z.string().nullable(),
  abn: z.string().nullable(),
  address: z.string().nullable(),
  gstRegistered: z.boolean(),
});
export type DocumentSeller = z.infer<typeof documentSellerSchema>;
