import { Eye, Lock } from "lucide-react";

/** SPEC.md section 2: what is visible before purchase and what unlocks after. */
export function PrivacyNotice() {
  return (
    <div className="grid gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm sm:grid-cols-2">
      <div className="flex gap-2">
        <Eye className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
        <p>
          <span className="font-semibold">Before purchase:</span> the job, suburb, budget, urgency, the customer's first name and a partial phone number.
        </p>
      </div>
      <div className="flex gap-2">
        <Lock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
        <p>
          <span className="font-semibold">After purchase:</span> full name, phone, email, address and access notes. The lead is yours alone.
        </p>
      </div>
    </div>
  );
}
