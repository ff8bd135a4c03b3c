import { Inbox } from "lucide-react";
import { useState } from "react";
import type { CurrentUser } from "@shared/auth";
import { marketCountLabel, type MarketLead } from "@shared/marketplace";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import { useArchiveAvailableLead } from "../api/archive-lead";
import { useAvailableLeads } from "../api/available-leads";
import type { PurchaseResult } from "../api/purchase";
import { LeadCard } from "./LeadCard";
import { useServerNow } from "./LivePrice";
import { PrivacyNotice } from "./PrivacyNotice";
import { PurchaseDialog } from "./PurchaseDialog";

export function AvailableLeadsTab({ user, onPurchased }: { user: CurrentUser; onPurchased: (result: PurchaseResult) => void }) {
  const isSuperAdmin = user.userType === "super_admin";
  const { data, isLoading, error, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useAvailableLeads(user.userType === "provider" || isSuperAdmin);
  const clockOffsetMs = data?.clockOffsetMs ?? 0;
  const now = useServerNow(clockOffsetMs);
  const [buying, setBuying] = useState<MarketLead | null>(null);
  const [archiving, setArchiving] = useState<MarketLead | null>(null);
  const archive = useArchiveAvailableLead();

  async function confirmArchive() {
    if (!archiving) return;
    try {
      await archive.mutateAsync(archiving.id);
      toast({ title: "Lead archived", description: `${archiving.jobReference} is off the market.` });
    } catch {
      toast({ title: "Error", description: "Failed to archive lead.", variant: "destructive" });
    } finally {
      setArchiving(null);
    }
  }

  return (
    <section aria-label="Available leads" className="space-y-4">
      <PrivacyNotice />
      {isLoading && <p className="py-10 text-center text-slate-500">Loading leads...</p>}
      {/* A failed poll keeps the cards already shown; the next poll tries again. */}
      {error && !data && <p className="py-10 text-center text-red-600">{error.message}</p>}
      {data && data.leads.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white py-12 text-center">
          <Inbox className="size-10 text-slate-300" aria-hidden />
          <p className="font-medium">No available leads at the moment</p>
          <p className="text-sm text-slate-500">New jobs appear here as customers ask for quotes.</p>
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        {data?.leads.map((lead) => (
          <LeadCard key={lead.id} lead={lead} now={now} isSuperAdmin={isSuperAdmin} onBuy={setBuying} onArchive={setArchiving} />
        ))}
      </div>
      {data && hasNextPage && (
        <div className="flex flex-col items-center gap-2 pt-2">
          <p className="text-sm text-slate-600" data-testid="leads-shown">
            Showing {data.leads.length} of {marketCountLabel(data.total)} leads
          </p>
          {isFetchNextPageError && <p className="text-sm text-red-600">{error?.message ?? "Could not load more leads."}</p>}
          <Button variant="outline" size="lg" className="w-full sm:w-auto sm:min-w-64" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? "Loading..." : isFetchNextPageError ? "Try again" : "Load more leads"}
          </Button>
        </div>
      )}
      <PurchaseDialog
        lead={buying}
        user={user}
        clockOffsetMs={clockOffsetMs}
        onClose={() => setBuying(null)}
        onPurchased={(result) => {
          setBuying(null);
          onPurchased(result);
        }}
      />
      <ConfirmDialog
        open={archiving !== null}
        title="Archive this lead?"
        description="It will be taken off the marketplace and no electrician will see it."
        confirmLabel="Archive"
        destructive
        busy={archive.isPending}
        onConfirm={confirmArchive}
        onCancel={() => setArchiving(null)}
      />
    </section>
  );
}
