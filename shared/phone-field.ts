// The Zod field for an Australian phone number: the rules are phone.ts's.
import { z } from "zod";
import { checkAustralianPhone } from "./phone";

/** A Zod field that checks, then outputs the normalised digits. */
export function australianPhone(messages: { tooShort: string; implausible: string }) {
  return z
    .string({ error: messages.tooShort })
    .max(40, messages.implausible)
    .transform((value, ctx) => {
      const check = checkAustralianPhone(value);
      if (check.ok) return check.digits;
      ctx.addIssue({ code: "custom", message: check.reason === "too_short" ? messages.tooShort : messages.implausible });
      return z.NEVER;
    });
}
