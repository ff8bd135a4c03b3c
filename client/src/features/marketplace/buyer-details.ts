// The buyer's details in the purchase confirmation: prefilled from the profile, folded away, and
// checked at Buy by the shared schema the server parses them with. Four fields in state, not a
// form library: the confirmation is in the dashboard's first load, which react-hook-form would
// grow by 14 kB (docs/decisions/115-the-buyer-form-in-state.md).
import { useState } from "react";
import type { CurrentUser } from "@shared/auth";
import { buyerForm, type BuyerForm } from "@shared/marketplace";

export type BuyerField = keyof BuyerForm;
type FieldErrors = Partial<Record<BuyerField, string>>;

const fromProfile = (user: CurrentUser): BuyerForm => ({
  buyerName: [user.firstName, user.lastName].filter(Boolean).join(" "),
  buyerEmail: user.email ?? "",
  buyerPhone: user.phone ?? "",
  buyerCompany: user.companyName ?? "",
});

/** The first message for each field, as the form shows one under each. */
function firstErrors(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as BuyerField;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function useBuyerDetails(user: CurrentUser) {
  const [values, setValues] = useState(() => fromProfile(user));
  const [errors, setErrors] = useState<FieldErrors>({});

  /** A field as typed; its message goes until the next Buy checks it again. */
  const change = (field: BuyerField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** The details as the server will take them, or the first wrong field, with each wrong field's message shown. */
  const check = (): { ok: true; buyer: BuyerForm } | { ok: false; first: BuyerField } => {
    const parsed = buyerForm.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return { ok: true, buyer: parsed.data };
    }
    const wrong = firstErrors(parsed.error.issues);
    setErrors(wrong);
    return { ok: false, first: Object.keys(wrong)[0] as BuyerField };
  };

  return { values, errors, change, check };
}
