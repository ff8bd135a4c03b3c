import { Eye, Lock } from "lucide-react";

const BEFORE = "the job, suburb, budget, urgency, the customer's first name and a partial phone number.";
const AFTER = "full name, phone, email, address and access notes. The lead is yours alone.";
/** What is true for the super admin, who sees every customer before purchase (shared/policy.ts seeCustomersBeforePurchase). */
const ADMIN_SUMMARY = "You see every customer's details";
const ADMIN_TEXT = `As super admin you see each customer's full name, phone, email and address, and clear photos, before anyone buys. Electricians see only ${BEFORE}`;

/**
 * docs/product.md section 2: what is visible before purchase and what unlocks after. On a phone it
 * folds into one line that opens, so the first lead shows without scrolling (docs/decisions/032).
 * The super admin reads what is true for them instead (docs/decisions/085-an-honest-public-profile.md).
 */
export function PrivacyNotice({ seesCustomers = false }: { seesCustomers?: boolean }) {
  if (seesCustomers) {
    return (
      <>
        <details className="rounded-xl border border-brand-100 bg-brand-50 px-4 py-2.5 text-sm sm:hidden">
          <summary className="flex cursor-pointer items-center gap-2 font-semibold text-brand-900">
            <Eye className="size-4 shrink-0 text-brand-700" aria-hidden /> {ADMIN_SUMMARY}
          </summary>
          <p className="mt-2">{ADMIN_TEXT}</p>
        </details>
        <div className="hidden gap-2 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm sm:flex">
          <Eye className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
          <p>{ADMIN_TEXT}</p>
        </div>
      </>
    );
  }
  return (
    <>
      <details className="rounded-xl border border-brand-100 bg-brand-50 px-4 py-2.5 text-sm sm:hidden">
        <summary className="flex cursor-pointer items-center gap-2 font-semibold text-brand-900">
          <Lock className="size-4 shrink-0 text-brand-700" aria-hidden /> What unlocks when you buy
        </summary>
        <p className="mt-2">
          <span className="font-semibold">Before purchase:</span> {BEFORE}
        </p>
        <p className="mt-1">
          <span className="font-semibold">After purchase:</span> {AFTER}
        </p>
      </details>
      <div className="hidden gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm sm:grid sm:grid-cols-2">
        <div className="flex gap-2">
          <Eye className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
          <p>
            <span className="font-semibold">Before purchase:</span> {BEFORE}
          </p>
        </div>
        <div className="flex gap-2">
          <Lock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
          <p>
            <span className="font-semibold">After purchase:</span> {AFTER}
          </p>
        </div>
      </div>
    </>
  );
}
