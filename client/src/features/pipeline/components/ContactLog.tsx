// Logging contact on the stage card (docs/decisions/045-contact-promise.md, "Logging contact"):
// after the phone link is tapped the card asks how the call went, four big answers for a thumb;
// the same panel logs an SMS, an e-mail or a visit. The attempt goes to the audit trail too.
import { Ban, Check, PhoneMissed, Voicemail, type LucideIcon } from "lucide-react";
import { CONTACT_CHANNELS, CONTACT_OUTCOMES, type ContactChannel, type ContactOutcome } from "@shared/jobs";
import type { PurchasedLead } from "@shared/pipeline";
import { CONTACT_CHANNEL_LABELS, CONTACT_MESSAGES, CONTACT_OUTCOME_LABELS, contactAttemptText } from "@shared/pipeline-contact";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useLogContact } from "../api/contact-attempts";
import { leadDayTime } from "@/lib/lead-clock";

const TITLES: Record<ContactChannel, string> = { call: "Log this call", sms: "Log this SMS", email: "Log this email", in_person: "Log this visit" };
const OUTCOME_ICONS: Record<ContactOutcome, LucideIcon> = { reached: Check, no_answer: PhoneMissed, left_message: Voicemail, wrong_number: Ban };

interface ContactLogProps {
  purchase: PurchasedLead;
  channel: ContactChannel;
  onChannel: (channel: ContactChannel) => void;
  onDone: () => void;
}

export function ContactLog({ purchase, channel, onChannel, onDone }: ContactLogProps) {
  const log = useLogContact();
  const headingId = `contact-log-${purchase.id}`;

  async function record(outcome: ContactOutcome) {
    try {
      await log.mutateAsync({ purchaseId: purchase.id, attempt: { channel, outcome } });
      toast({ title: CONTACT_MESSAGES.logged, description: `${purchase.lead.jobReference}: ${contactAttemptText({ channel, outcome })}` });
      onDone();
    } catch (err) {
      toast({ variant: "destructive", title: "Could not log the contact", description: err instanceof Error ? err.message : "Please try again." });
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-brand-100 bg-brand-50 p-3" data-testid="contact-log">
      <div className="flex items-center justify-between gap-2">
        <h4 id={headingId} className="text-base font-semibold text-slate-900">
          {TITLES[channel]}
        </h4>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Not now
        </Button>
      </div>
      {/* One row of four at every width: a wrapped row would read as two questions. */}
      <div role="group" aria-label="How you made contact" className="mt-2 grid grid-cols-4 gap-1.5">
        {CONTACT_CHANNELS.map((c) => (
          <Button
            key={c}
            size="sm"
            variant={c === channel ? "default" : "outline"}
            aria-pressed={c === channel}
            className="h-auto min-h-10 px-1 leading-tight whitespace-normal"
            onClick={() => onChannel(c)}
          >
            {CONTACT_CHANNEL_LABELS[c]}
          </Button>
        ))}
      </div>
      <p className="mt-3 text-sm font-medium text-slate-700">What happened?</p>
      <div className="mt-1.5 grid grid-cols-2 gap-2">
        {CONTACT_OUTCOMES.map((outcome) => {
          const Icon = OUTCOME_ICONS[outcome];
          return (
            <Button
              key={outcome}
              variant="outline"
              // Icon above the words: the words get the button's whole width on a 390 px phone.
              className="h-auto min-h-16 flex-col gap-1 px-2 py-2 text-center text-base leading-tight whitespace-normal"
              disabled={log.isPending}
              onClick={() => void record(outcome)}
            >
              <Icon aria-hidden /> {CONTACT_OUTCOME_LABELS[outcome]}
            </Button>
          );
        })}
      </div>
    </section>
  );
}

/** "Last contact: Call, no answer · Tue 24 Nov, 10:12 am" on the lead's clock. */
export function LastContact({ purchase }: { purchase: PurchasedLead }) {
  const last = purchase.lastAttempt;
  if (!last) return null;
  return (
    <p className="text-sm text-slate-600" data-testid="last-contact">
      <span className="font-medium text-slate-800">Last contact: </span>
      {contactAttemptText(last)} <span className="whitespace-nowrap">· {leadDayTime(purchase.lead.state, last.at)}</span>
    </p>
  );
}
