// The public forms' trap field (the quote wizard, the callback form). No Zod here: the quote
// wizard's landing page imports it.

/**
 * Bots fill every field they see; people never see this one. A filled honeypot gets the
 * normal answer and nothing is stored (docs/decisions/007-public-form-abuse.md).
 */
export const HONEYPOT_FIELD = "website";
