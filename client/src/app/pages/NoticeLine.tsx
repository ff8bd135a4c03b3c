// The dashboard's notices in one line that opens (docs/decisions/091-purchase-in-view.md): the
// licence's word (docs/decisions/033) and the notices kept until dismissed (docs/decisions/081), any
// number of them, so the first lead's Purchase button stays on the first screen. The line says the
// licence's word, or else the newest notice, and how many more there are.
import { Bell, ShieldAlert, ShieldCheck } from "lucide-react";
import type { DashboardNotice } from "@shared/notices";
import type { VerificationStanding } from "@shared/vetting";
import { Fold } from "@/components/ui/fold";
import { DashboardNotices } from "@/features/notices";
import { VerificationNotice, verificationWord } from "@/features/vetting/VerificationNotice";

export function NoticeLine({ standing, notices }: { standing: VerificationStanding | undefined; notices: DashboardNotice[] }) {
  const word = verificationWord(standing);
  const count = notices.length + (word ? 1 : 0);
  if (count === 0) return null;
  const icon = !word ? <Bell /> : word.tone === "info" ? <ShieldCheck /> : <ShieldAlert />;
  const more = count - 1;
  return (
    <Fold
      tone={word?.tone ?? "warning"}
      icon={icon}
      summary={word?.title ?? notices[0]!.title}
      after={
        more > 0 ? (
          <span className="shrink-0 rounded-full bg-current/10 px-2 py-0.5 text-xs">
            +{more}
            <span className="sr-only"> more</span>
          </span>
        ) : undefined
      }
      className="mb-3 sm:mb-4"
      testId="notice-line"
    >
      <div className="grid divide-y divide-current/15 *:py-2 *:first:pt-0 *:last:pb-0">
        {word && <VerificationNotice word={word} />}
        <DashboardNotices notices={notices} />
      </div>
    </Fold>
  );
}
