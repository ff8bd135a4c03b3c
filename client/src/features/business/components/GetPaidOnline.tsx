// "Get paid online" in Business details (docs/decisions/056, 057-paying-on-the-job-page.md): the
// owner's Stripe account as the server last heard of it, in plain words, and the button to set it
// up (or finish it) on Stripe's own pages. Customers then pay deposits and invoices on their job
// page straight into that account; the platform takes no fee, and Stripe's fee, refunds and
// disputes sit with the electrician's own Stripe account.
import { CheckCircle2, CircleAlert, CreditCard, ExternalLink } from "lucide-react";
import type { StripeAccount, StripeAccountStatus } from "@shared/stripe-connect";
import { ONLINE_PAYMENT_MESSAGES, STRIPE_ACCOUNT_STATUS_LABELS } from "@shared/stripe-connect";
import { Badge, type Tone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useStripeOnboarding } from "../api/stripe-onboarding";

const TONES: Record<StripeAccountStatus, Tone> = { none: "slate", pending: "amber", active: "green", restricted: "red" };

const SUMMARY: Record<StripeAccountStatus, string> = {
  none: "Customers pay you by bank transfer and you record it. Set up Stripe and they can pay deposits and invoices by card, Apple Pay or Google Pay on their job page.",
  pending: "You started setting up with Stripe but haven't finished. Customers can't pay you online until you do.",
  active: "Customers can pay your deposits and invoices online on their job page.",
  restricted: "Customers can't pay you online until you give Stripe what it asks for.",
};

const BUTTON: Record<StripeAccountStatus, string> = {
  none: "Set up online payments",
  pending: "Finish setting up with Stripe",
  active: "Update your details with Stripe",
  restricted: "Give Stripe the details it needs",
};

export function GetPaidOnline({ account, canEdit }: { account: StripeAccount; canEdit: boolean }) {
  const onboarding = useStripeOnboarding();
  return (
    <section
      aria-labelledby="get-paid-online"
      className="grid gap-2 rounded-lg border border-slate-200 p-3"
      data-testid="get-paid-online"
      data-status={account.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="get-paid-online" className="flex items-center gap-2 font-semibold text-slate-900">
          <CreditCard className="size-4 text-slate-500" aria-hidden /> Get paid online
        </h3>
        <Badge tone={account.demo ? "amber" : TONES[account.status]}>{account.demo ? "Demo mode" : STRIPE_ACCOUNT_STATUS_LABELS[account.status]}</Badge>
      </div>
      {account.demo ? (
        <p className="text-sm text-slate-700">{ONLINE_PAYMENT_MESSAGES.onboardingDemo}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">{SUMMARY[account.status]}</p>
          {account.status !== "none" && (
            <ul className="grid gap-1 text-sm" aria-label="Your Stripe account">
              <Check ok={account.chargesEnabled} yes="Customers can pay you by card" no="Customers can't pay you by card yet" />
              <Check ok={account.payoutsEnabled} yes="Stripe pays the money into your bank account" no="Stripe is holding payouts until it has what it needs" />
            </ul>
          )}
        </>
      )}
      <p className="text-sm text-slate-600">
        <strong className="font-semibold text-slate-900">0% platform fee.</strong> {ONLINE_PAYMENT_MESSAGES.platformFee}
      </p>
      {canEdit && !account.demo && (
        <Button
          type="button"
          variant={account.status === "active" ? "outline" : "default"}
          className="justify-self-start"
          disabled={onboarding.isPending}
          onClick={() => onboarding.mutate()}
        >
          <ExternalLink aria-hidden /> {onboarding.isPending ? "Opening Stripe..." : BUTTON[account.status]}
        </Button>
      )}
      {!canEdit && <p className="text-sm text-slate-600">{ONLINE_PAYMENT_MESSAGES.onboardingOwnerOnly}.</p>}
      {onboarding.isError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {onboarding.error instanceof Error ? onboarding.error.message : "Couldn't open Stripe. Try again."}
        </p>
      )}
    </section>
  );
}

function Check({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return (
    <li className={`flex items-start gap-1.5 ${ok ? "text-green-800" : "text-amber-900"}`}>
      {ok ? <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden /> : <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />}
      {ok ? yes : no}
    </li>
  );
}
