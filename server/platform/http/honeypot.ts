// The public forms' invisible field (docs/decisions/007-public-form-abuse.md): a person never fills
// it, a bot often does.
import { HONEYPOT_FIELD } from "../../../shared/honeypot";

/** True when the invisible field was filled in: a bot (docs/decisions/007-public-form-abuse.md). */
export function isHoneypotFilled(body: unknown): boolean {
  const value = (body as Record<string, unknown> | null | undefined)?.[HONEYPOT_FIELD];
  return typeof value === "string" ? value.trim() !== "" : value != null && value !== false;
}
