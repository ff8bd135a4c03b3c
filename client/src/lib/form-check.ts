// What the app's forms share around the shared schemas (docs/decisions/028, 121): the
// validation loaded on first use, and the messages shown under the fields it refuses. One module:
// each shared module becomes a chunk of its own, named in the route table every page loads.

/** A load asked for once and shared by every caller; a failed one (offline for a moment) is forgotten, so the next call tries again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
}

/** Each wrong field's message (docs/product.md section 5: "Errors show under fields"). */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The first message of each wrong field in a refusal's issues. */
export function firstErrors<Field extends string>(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "") as Field] ??= issue.message;
  return errors;
}
