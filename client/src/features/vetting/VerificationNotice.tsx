// The dashboard's plain word on buying (docs/decisions/033): why this account cannot buy yet and what
// happens next, or that the licence expires soon. The server decides; this only says it. The page
// shows it in its one line of notices (docs/decisions/091-purchase-in-view.md).
import type { ReactNode } from "react";
import { formatLicenceDate } from "@shared/licence-date";
import type { VerificationStanding } from "@shared/vetting";
import type { FoldTone } from "@/components/ui/fold";

interface VerificationWord {
  tone: FoldTone;
  title: string;
  testId: string;
  text: ReactNode;
}

/** What the dashboard says of this standing, or null when there is nothing to say. */
export function verificationWord(standing: VerificationStanding | undefined): VerificationWord | null {
  if (!standing) return null;
  const { status, cannotBuy, expiresSoon, licenceExpiry, licenceNumber, licenceState } = standing;
  const licence = licenceNumber && licenceState ? `${licenceState} licence ${licenceNumber}` : "your licence";
  if (status === "pending") {
    return {
      tone: "info",
      title: "Your licence is being checked",
      testId: "verification-pending",
      text: (
        <>
          <p>We check your licence within one business day and e-mail you as soon as it's approved.</p>
          <p>Until then you can look through the leads below and set your service area, but you can't buy leads yet. We're checking {licence}.</p>
        </>
      ),
    };
  }
  if (cannotBuy) {
    return {
      tone: "danger",
      title: status === "rejected" ? "Your licence was not approved" : "Your licence has expired",
      testId: "verification-blocked",
      text: <p>{cannotBuy}</p>,
    };
  }
  if (expiresSoon && licenceExpiry) {
    return {
      tone: "warning",
      title: `Your licence expires on ${formatLicenceDate(licenceExpiry)}`,
      testId: "verification-expiring",
      text: (
        <p>
          After that day you can't buy leads until we have your renewed licence: reply to our reminder e-mail with its number and new expiry date; we update it
          within one business day.
        </p>
      ),
    };
  }
  return null;
}

/** The word in full, as the notices' line shows it when opened; the line itself says its title. */
export function VerificationNotice({ word }: { word: VerificationWord }) {
  return (
    <section role="status" aria-label={word.title} data-testid={word.testId} className="grid min-w-0 gap-1 break-words">
      <h2 className="sr-only">{word.title}</h2>
      {word.text}
    </section>
  );
}
