// The dashboard's Available tab as the server sends it in the page's HTML (client/src/first-screen.tsx,
// docs/decisions/092-first-screen-from-the-server.md): the title, the first leads as their
// cards, and each Purchase opening its confirmation with the price before the app has loaded
// (a popover: the browser opens it, no script). The app takes an open confirmation over as its
// purchase dialog (client/src/lib/first-screen.ts), where the buyer pays.
import { Zap } from "lucide-react";
import { Fragment } from "react";
import type { CurrentUser } from "@shared/auth";
import type { LeadPage, MarketLead } from "@shared/marketplace";
import { can } from "@shared/policy";
import type { VerificationStanding } from "@shared/vetting";
import { Header } from "@/components/layout/Header";
import { Button } from "@/components/ui/button";
import { FIRST_SCREEN_HELD_LEAD } from "@shared/first-screen";
import { formatMoney } from "@/lib/format";
import { auctionPriceAt } from "@shared/pricing";
import { labelOf } from "@shared/labels";
import { DashboardTitle } from "./DashboardTitle";
import { buyLabel, LeadCard } from "@/features/marketplace/components/LeadCard";
import { PrivacyNotice } from "@/features/marketplace/components/PrivacyNotice";
import { cannotBuyOnCard } from "@/features/vetting/cannot-buy";

/** The leads a first screen carries: what a phone shows without scrolling, and a little more. */
export const FIRST_SCREEN_LEADS = 4;

const confirmationId = (lead: MarketLead) => `first-screen-buy-${lead.id}`;

/** The purchase confirmation before the app: the lead, its price now, and the checkout that the app brings. */
function Confirmation({ lead, now, claimsFree }: { lead: MarketLead; now: Date; claimsFree: boolean }) {
  const price = auctionPriceAt(lead.startingPrice, lead.auctionStartedAt, now);
  const id = confirmationId(lead);
  return (
    <div
      id={id}
      popover="auto"
      role="dialog"
      aria-labelledby={`${id}-title`}
      {...{ [FIRST_SCREEN_HELD_LEAD]: lead.id }}
      className="inset-x-0 top-auto bottom-0 m-0 w-full max-w-none rounded-t-2xl border-0 bg-white p-5 shadow-2xl backdrop:bg-slate-900/50 sm:inset-0 sm:m-auto sm:max-w-md sm:rounded-2xl"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {buyLabel(lead, claimsFree, now)} {lead.jobReference}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {labelOf("serviceType", lead.serviceType)} · {lead.location ?? "Suburb shared after purchase"}
      </p>
      <p className="mt-4 text-sm text-slate-600">Price now</p>
      <p className="text-3xl font-bold text-slate-900" data-testid="first-screen-price">
        {claimsFree || price.isFree ? "FREE" : formatMoney(price.price)}
      </p>
      <p className="mt-1 text-sm text-slate-600">It falls until someone buys it; you pay the price at the moment you confirm.</p>
      <div className="mt-5 flex flex-col gap-2">
        {/* The app replaces this sheet with its own, where the buyer pays: until then the button is busy (its spinner: index.css). */}
        <Button variant="spark" size="lg" aria-busy="true" disabled>
          Getting checkout ready…
        </Button>
        <Button variant="outline" size="lg" popoverTarget={id} popoverTargetAction="hide">
          Cancel
        </Button>
      </div>
    </div>
  );
}

export function DashboardFirstScreen({ user, page, standing }: { user: CurrentUser; page: LeadPage; standing: VerificationStanding | null }) {
  const now = new Date(page.serverTime);
  const claimsFree = can(user, "claimLeadsFree");
  const cannotBuy = cannotBuyOnCard(standing ?? undefined);
  const seesCustomers = can(user, "seeCustomersBeforePurchase");
  const leads = page.leads.slice(0, FIRST_SCREEN_LEADS);
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main className="mx-auto min-h-dvh w-full max-w-6xl flex-1 px-4 pt-4 pb-5 sm:py-8">
        <div className="mb-4 min-w-0 sm:mb-5">
          <DashboardTitle user={user} />
        </div>
        <section aria-labelledby="first-screen-leads" className="space-y-4">
          <h2 id="first-screen-leads" className="sr-only">
            Available leads
          </h2>
          {/* Where the app's Available tab has it (docs/decisions/091-purchase-in-view.md): on a phone, below the first lead. */}
          <PrivacyNotice seesCustomers={seesCustomers} className="max-sm:hidden" />
          {leads.length === 0 && <p className="py-10 text-center text-slate-600">No available leads at the moment.</p>}
          <div className="grid gap-4 lg:grid-cols-2">
            {leads.map((lead, i) => (
              <Fragment key={lead.id}>
                <LeadCard lead={lead} now={now} claimsFree={claimsFree} onBuy={() => {}} buyTarget={confirmationId(lead)} cannotBuy={cannotBuy} />
                {i === 0 && <PrivacyNotice seesCustomers={seesCustomers} className="sm:hidden" />}
              </Fragment>
            ))}
          </div>
          {page.leads.length > leads.length && (
            <p className="flex items-center justify-center gap-2 py-4 text-sm text-slate-600">
              <Zap className="size-4" aria-hidden /> More leads show in a moment.
            </p>
          )}
        </section>
      </main>
      {leads.map((lead) => (
        <Confirmation key={lead.id} lead={lead} now={now} claimsFree={claimsFree} />
      ))}
    </div>
  );
}
