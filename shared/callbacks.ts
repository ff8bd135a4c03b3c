// Provider callback requests (docs/product.md sections 3, 5 and 7). The form's field is `area`;
// the wire and the table call it serviceArea.
import { z } from "zod";
import { HONEYPOT_FIELD } from "./honeypot";
import { honeypot } from "./leads";
import { australianPhone } from "./phone-field";

export const CALLBACK_MESSAGES = {
  firstName: "First name required",
  lastName: "Last name required",
  mobile: "Valid mobile number required",
  email: "Valid email required",
  businessName: "Business name required",
  area: "Service area required",
} as const;

const text = (min: number, max: number, message: string) => z.string({ error: message }).trim().min(min, message).max(max, message);

const fields = {
  firstName: text(2, 60, CALLBACK_MESSAGES.firstName),
  lastName: text(2, 60, CALLBACK_MESSAGES.lastName),
  mobile: australianPhone({ tooShort: CALLBACK_MESSAGES.mobile, implausible: CALLBACK_MESSAGES.mobile }),
  email: z.string({ error: CALLBACK_MESSAGES.email }).trim().max(254, CALLBACK_MESSAGES.email).pipe(z.email(CALLBACK_MESSAGES.email)),
  businessName: text(2, 120, CALLBACK_MESSAGES.businessName),
  [HONEYPOT_FIELD]: honeypot,
};

/** POST /api/provider-callbacks */
export const callbackRequestSchema = z.object({ ...fields, serviceArea: text(2, 200, CALLBACK_MESSAGES.area) });
export type CallbackRequest = z.output<typeof callbackRequestSchema>;

/** The form on /for-providers. */
export const callbackFormSchema = z.object({ ...fields, area: text(2, 200, CALLBACK_MESSAGES.area) });
export type CallbackFormInput = z.input<typeof callbackFormSchema>;

export const CALLBACK_FORM_DEFAULTS = {
  firstName: "",
  lastName: "",
  mobile: "",
  email: "",
  businessName: "",
  area: "",
  [HONEYPOT_FIELD]: "",
} satisfies CallbackFormInput;
