// Each electrician's certificate numbers (docs/decisions/105-paperwork-on-the-card.md): one running
// number per business and series, claimed by one upsert so two issues at once, on any instance,
// never share one, and printed with the licence number it was issued under.
import type { Db } from "../../platform/db/client";
import { nextNumber } from "./repo";

/** The series a document numbers from, and how its number reads. */
export const SERIES = {
  qld_certificate: { series: "qld", text: (licence: string, n: number) => `CTC-${licence}-${String(n).padStart(4, "0")}` },
  nsw_ccew: { series: "nsw", text: (licence: string, n: number) => `${licence}-${String(n).padStart(4, "0")}` },
} as const;

export type NumberedDocument = keyof typeof SERIES;

/** The next number of the owner's series, as the document prints it; the licence or, without one, the account's number. */
export async function claimSerial(tx: Db, ownerId: number, document: NumberedDocument, licence: string | null): Promise<string> {
  const { series, text } = SERIES[document];
  return text(licence?.replace(/\s+/g, "") || `A${ownerId}`, await nextNumber(tx, ownerId, series));
}
