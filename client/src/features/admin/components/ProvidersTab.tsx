// 'Provider Management' (docs/product.md section 2): a card per provider with the Active/Inactive
// badge and a confirmed activate/deactivate toggle.
import { BadgeCheck, Building2, Mail, Phone, Search } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { Badge } from "@/components/ui/badge";
import { EmptyState, PagedList, SectionHeader } from "@/components/ui/paged-list";
import { formatMoney, formatSydneyDate, telHref } from "@/lib/format";
import { MISSED_PROMISE_FLAG } from "@shared/job-aftercare";
import type { AdminProvider } from "@shared/admin";
import { formatAustralianPhone } from "@shared/phone";
import { sydneyDayKey } from "@shared/sydney-time";
import { formatLicenceDate } from "@shared/licence-date";
import { useFilteredPaging } from "../api/paging";
import { useAdminProviders, useSetProviderActive } from "../api/providers";
import { LicenceDialog } from "./LicenceDialog";

// The licence check and expiry beside each provider (docs/decisions/033).
const VERIFICATION_LABELS = { pending: "Licence check pending", approved: "Licence approved", rejected: "Licence rejected" } as const;
const VERIFICATION_TONES = { pending: "amber", approved: "green", rejected: "red" } as const;
const licenceExpiryLabel = (expiry: string | null) => {
  if (!expiry) return "No licence expiry on file";
  const expired = expiry < sydneyDayKey(new Date());
  return `Licence ${expired ? "expired" : "expires"} ${formatLicenceDate(expiry)}`;
};

const fullName = (p: AdminProvider) => [p.firstName, p.lastName].filter(Boolean).join(" ") || p.username;

export function ProvidersTab() {
  const paging = useFilteredPaging("");
  const q = useDeferredValue(paging.filter);
  const providers = useAdminProviders(q, paging.offset);
  const toggle = useSetProviderActive();
  const [confirming, setConfirming] = useState<AdminProvider | null>(null);
  const [renewing, setRenewing] = useState<AdminProvider | null>(null);

  async function apply() {
    if (!confirming) return;
    const isActive = !confirming.isActive;
    try {
      await toggle.mutateAsync({ id: confirming.id, isActive });
      toast({
        title: isActive ? "Provider activated" : "Provider deactivated",
        description: `${fullName(confirming)} ${isActive ? "can sign in again" : "has been signed out and can no longer sign in or buy leads"}.`,
      });
    } catch (err) {
      toast({ variant: "destructive", title: "Could not update provider", description: err instanceof Error ? err.message : "Please try again." });
    } finally {
      setConfirming(null);
    }
  }

  return (
    <section aria-labelledby="providers-heading">
      <SectionHeader title="Provider Management" description={providers.data && `${providers.data.total} registered electricians`}>
        <div className="relative w-full sm:w-72">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <Input
            type="search"
            aria-label="Search providers"
            placeholder="Search name, email, company"
            value={paging.filter}
            onChange={(e) => paging.setFilter(e.target.value)}
            className="h-10 pl-9"
          />
        </div>
      </SectionHeader>
      <h2 id="providers-heading" className="sr-only">
        Providers
      </h2>
      <PagedList
        query={providers}
        paging={paging}
        what="providers"
        empty={
          q ? (
            <EmptyState title="No providers match your search" />
          ) : (
            <EmptyState title="No providers registered yet">Providers will appear here once they sign up</EmptyState>
          )
        }
      >
        {(p) => (
          <Card className="flex h-full min-w-0 flex-col gap-3 p-4" data-testid="provider-card">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 className="text-base font-semibold [overflow-wrap:anywhere]">{fullName(p)}</h3>
                <p className="text-xs [overflow-wrap:anywhere] text-slate-500">
                  @{p.username} · Joined {formatSydneyDate(p.createdAt)}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <Badge tone={p.isActive ? "green" : "red"}>{p.isActive ? "Active" : "Inactive"}</Badge>
                <Badge tone={VERIFICATION_TONES[p.verificationStatus]}>{VERIFICATION_LABELS[p.verificationStatus]}</Badge>
                {/* docs/decisions/049: three missed contact promises in 30 days flag a provider. */}
                {(p.missedPromises ?? 0) >= MISSED_PROMISE_FLAG.count && <Badge tone="red">Flag: {p.missedPromises} missed promises</Badge>}
              </div>
            </div>
            <dl className="grid gap-1 text-sm text-slate-700">
              <div className="flex items-center gap-2">
                <Mail className="size-4 shrink-0 text-slate-400" aria-hidden />
                <dt className="sr-only">Email</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">{p.email ?? "No email"}</dd>
              </div>
              <div className="flex items-center gap-2">
                <Phone className="size-4 shrink-0 text-slate-400" aria-hidden />
                <dt className="sr-only">Phone</dt>
                <dd>
                  {p.phone ? (
                    <a className="hover:underline" href={telHref(p.phone)}>
                      {formatAustralianPhone(p.phone)}
                    </a>
                  ) : (
                    "No phone"
                  )}
                </dd>
              </div>
              <div className="flex items-center gap-2">
                <BadgeCheck className="size-4 shrink-0 text-slate-400" aria-hidden />
                <dt className="sr-only">Licence expiry</dt>
                <dd data-testid="provider-licence-expiry">{licenceExpiryLabel(p.licenceExpiry)}</dd>
              </div>
              <div className="flex items-center gap-2">
                <Building2 className="size-4 shrink-0 text-slate-400" aria-hidden />
                <dt className="sr-only">Company</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">{p.companyName || "Individual"}</dd>
              </div>
            </dl>
            <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
              <span className="text-xs text-slate-500">
                <span data-testid="provider-purchases">
                  {p.purchaseCount} {p.purchaseCount === 1 ? "purchase" : "purchases"} · {formatMoney(p.spend)} spent
                </span>
                <span className="block" data-testid="provider-missed-promises">
                  Missed promises ({MISSED_PROMISE_FLAG.days} days): {p.missedPromises ?? 0}
                </span>
              </span>
              <div className="flex flex-wrap gap-2">
                {/* A renewed licence e-mailed in by the provider (docs/decisions/033). */}
                <Button size="sm" variant="outline" aria-label={`Update licence of ${fullName(p)}`} onClick={() => setRenewing(p)}>
                  Update licence
                </Button>
                <Button
                  size="sm"
                  variant={p.isActive ? "outline" : "default"}
                  aria-label={`${p.isActive ? "Deactivate" : "Activate"} ${fullName(p)}`}
                  onClick={() => setConfirming(p)}
                >
                  {p.isActive ? "Deactivate" : "Activate"}
                </Button>
              </div>
            </div>
          </Card>
        )}
      </PagedList>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.isActive ? `Deactivate ${confirming ? fullName(confirming) : ""}?` : `Activate ${confirming ? fullName(confirming) : ""}?`}
        description={
          confirming?.isActive
            ? "They and their team are signed out at once and cannot sign in or buy leads until reactivated."
            : "They can sign in and buy leads again."
        }
        confirmLabel={confirming?.isActive ? "Deactivate" : "Activate"}
        destructive={confirming?.isActive}
        busy={toggle.isPending}
        onConfirm={apply}
        onCancel={() => setConfirming(null)}
      />
      <LicenceDialog provider={renewing && { ...renewing, name: fullName(renewing) }} onClose={() => setRenewing(null)} />
    </section>
  );
}
