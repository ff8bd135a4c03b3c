// The buyer's details in the purchase confirmation: prefilled from the profile, folded away, and
// checked at Buy by the shared schema the server parses them with. Four fields in state, not a
// form library: the confirmation is in the dashboard's first load, which react-hook-form grew by
// 14.8 kB (docs/decisions/115-the-buyer-form-in-state.md). The schema, and Zod with it, loads
// when the confirmation opens, not with the dashboard (docs/decisions/118-zod-out-of-the-dashboards-first-load.md).
import { useEffect, useState } from "react";
import type { CurrentUser } from "@shared/auth";
import type { BuyerForm } from "@shared/marketplace";
import { firstErrors, type FieldErrors } from "@/lib/form-check";

type BuyerSchema = (typeof import("@shared/marketplace"))["buyerForm"];
let loaded: BuyerSchema | undefined;
/** The shared schema, fetched once: asked for when a confirmation opens, so it is there by the time Buy is tapped. */
const buyerSchema = async () => (loaded ??= (await import("@shared/marketplace")).buyerForm);

export type BuyerField = keyof BuyerForm;
type BuyerErrors = FieldErrors<BuyerField>;

const fromProfile = (user: CurrentUser): BuyerForm => ({
  buyerName: [user.firstName, user.lastName].filter(Boolean).join(" "),
  buyerEmail: user.email ?? "",
  buyerPhone: user.phone ?? "",
  buyerCompany: user.companyName ?? "",
});

export function useBuyerDetails(user: CurrentUser) {
  const [values, setValues] = useState(() => fromProfile(user));
  const [errors, setErrors] = useState<BuyerErrors>({});
  // Once a Buy has found a wrong field, each field is checked again as it is typed in, so its
  // message goes only when it is right (as react-hook-form's re-validation did).
  const [checked, setChecked] = useState(false);
  // A failed load is found again at Buy, which tells the buyer to reload.
  useEffect(() => void buyerSchema().catch(() => {}), []);

  const change = (field: BuyerField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Checked only after a Buy, which waited for the schema.
    if (!checked || !loaded) return;
    const result = loaded.shape[field].safeParse(value);
    setErrors((e) => ({ ...e, [field]: result.success ? undefined : result.error.issues[0]?.message }));
  };

  /** The details as the server will take them (null when a field is wrong), and each wrong field's message, now shown. */
  const check = async (): Promise<{ buyer: BuyerForm | null; wrong: BuyerErrors }> => {
    const parsed = (await buyerSchema()).safeParse(values);
    const wrong: BuyerErrors = parsed.success ? {} : firstErrors(parsed.error.issues);
    setChecked(true);
    setErrors(wrong);
    return { buyer: parsed.success ? parsed.data : null, wrong };
  };

  return { values, errors, change, check };
}
