import { Eye, Lock } from "lucide-react";
import { Fold } from "@/components/ui/fold";

const BEFORE = "the job, suburb, budget, urgency, the customer's first name and a partial phone number.";
const AFTER = "full name, phone, email, address and access notes. The lead is yours alone.";
/** What is true for the super admin, who sees every customer before purchase (shared/policy.ts seeCustomersBeforePurchase). */
const ADMIN_SUMMARY = "You see every customer's details";
const ADMIN_TEXT = `As super admin you see each customer's full name, phone, email and address, and clear photos, before anyone buys. Electricians see only ${BEFORE}`;

/**
 * docs/product.md section 2: what is visible before purchase and what unlocks after. One line
 * that opens, at every width, so the first lead's Purchase button shows without scrolling
 * (docs/decisions/032 on a phone, 091-purchase-in-view.md on a laptop too). The super admin reads
 * what is true for them instead (docs/decisions/085-an-honest-public-profile.md).
 */
export function PrivacyNotice({ seesCustomers = false, className }: { seesCustomers?: boolean; className?: string }) {
  if (seesCustomers) {
    return (
      <Fold icon={<Eye className="text-brand-700" />} summary={ADMIN_SUMMARY} className={className}>
        <p className="font-normal">{ADMIN_TEXT}</p>
      </Fold>
    );
  }
  return (
    <Fold icon={<Lock className="text-brand-700" />} summary="What unlocks when you buy" className={className}>
      <div className="grid gap-2 sm:grid-cols-2 sm:gap-4">
        <p className="flex gap-2">
          <Eye className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
          <span>
            <span className="font-semibold">Before purchase:</span> {BEFORE}
          </span>
        </p>
        <p className="flex gap-2">
          <Lock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
          <span>
            <span className="font-semibold">After purchase:</span> {AFTER}
          </span>
        </p>
      </div>
    </Fold>
  );
}
