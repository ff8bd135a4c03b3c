// Text that goes to PostgreSQL inside a JSON parameter (jsonb_to_recordset): jsonb refuses a lone
// half of a surrogate pair (an emoji cut in the middle) and a NUL. As a plain text parameter the
// first was replaced by U+FFFD on the way and the second refused for its own statement only; in a
// JSON array either would fail every row of it (docs/decisions/117-intake-statements-built-once.md,
// docs/decisions/123-a-quotes-hit-and-read-together.md).

/** `text` as jsonb can carry it: a lone surrogate becomes U+FFFD (as pg's text parameter made it), a NUL is dropped. */
export const jsonStorable = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD").replaceAll("\0", "");
