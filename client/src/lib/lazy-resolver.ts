// Form validation that loads on first use (docs/decisions/028). The forms parse
// with the Zod schemas of shared/ (one message for the form and the server), but Zod is a
// quarter of a landing page's JavaScript: a page with a form loads the schema, Zod and the
// resolver when the visitor first focuses a field or, at the latest, on the first validation.
import type { FieldValues, Resolver } from "react-hook-form";
import { loadOnce } from "./form-check";

export interface LazyResolver<Input extends FieldValues, Output> extends Resolver<Input, unknown, Output> {
  /** Starts the download; for the form's onFocus. */
  preload: () => void;
}

export function lazyResolver<Input extends FieldValues, Output>(load: () => Promise<Resolver<Input, unknown, Output>>): LazyResolver<Input, Output> {
  // Offline for a moment: the next validation tries again.
  const loaded = loadOnce(load);
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => (await loaded())(values, context, options);
  return Object.assign(resolver, { preload: () => void loaded().catch(() => undefined) });
}
