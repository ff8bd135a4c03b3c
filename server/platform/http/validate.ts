// The boundary: every body, query and path parameter goes through a shared Zod schema.
import type { z } from "zod";
import { AppError } from "./errors";

/** Parses `input` or throws a 400 whose message is the first rule's message (docs/product.md section 5). */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "_";
    errors[field] ??= issue.message;
  }
  throw new AppError(400, result.error.issues[0]?.message ?? "Invalid input", errors);
}
