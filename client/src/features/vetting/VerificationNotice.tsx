// The dashboard's plain word on buying (docs/decisions/033): why this account cannot buy yet and what
// happens next, or that the licence expires soon. The server decides; this only shows it.
import { ShieldAlert, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { formatLicenceDate, type VerificationStanding } from "@shared/vetting";
import { cn } from "@/lib/utils";

export function VerificationNotice({ standing }: { standing: VerificationStanding | undefined }) {
  if (!standing) return null;
  const { status, cannotBuy, expiresSoon, licenceExpiry, licenceNumber, licenceState } = standing;
  const licence = licenceNumber && licenceState ? `${licenceState} licence ${licenceNumber}` : "your licence";
  if (status === "pending") {
    return (
      <Notice tone="info" title="Your licence is being checked" testId="verification-pending">
        <p>We check your licence within one business day and e-mail you as soon as it's approved.</p>
        <p>Until then you can look through the leads below and set your service area, but you can't buy leads yet. We're checking {licence}.</p>
      </Notice>
    );
  }
  if (cannotBuy) {
    return (
      <Notice tone="danger" title={status === "rejected" ? "Your licence was not approved" : "Your licence has expired"} testId="verification-blocked">
        <p>{cannotBuy}</p>
      </Notice>
    );
  }
  if (expiresSoon && licenceExpiry) {
    return (
      <Notice tone="warning" title={`Your licence expires on ${formatLicenceDate(licenceExpiry)}`} testId="verification-expiring">
        <p>
          After that day you can't buy leads until we have your renewed licence: reply to our reminder e-mail with its number and new expiry date; we update it
          within one business day.
        </p>
      </Notice>
    );
  }
  return null;
}

const TONES = {
  info: "border-brand-100 bg-brand-50 text-brand-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  danger: "border-red-200 bg-red-50 text-red-800",
} as const;

function Notice({ tone, title, testId, children }: { tone: keyof typeof TONES; title: string; testId: string; children: ReactNode }) {
  const Icon = tone === "info" ? ShieldCheck : ShieldAlert;
  return (
    <section role="status" aria-label={title} data-testid={testId} className={cn("mb-5 flex gap-3 rounded-xl border p-4 text-sm", TONES[tone])}>
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="grid min-w-0 gap-1 break-words">
        <h2 className="text-base font-semibold">{title}</h2>
        {children}
      </div>
    </section>
  );
}
