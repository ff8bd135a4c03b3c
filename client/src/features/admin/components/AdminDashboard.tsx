// The logged-in admin screen: header, tabs, and the 'Loading admin dashboard...' state
// while the three main loads run (SPEC.md section 2).
import { Home, LogOut } from "lucide-react";
import { useRef, useState, type KeyboardEvent } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/utils";
import { useAdminAnalytics } from "../api/analytics";
import { useAdminLeads } from "../api/leads";
import { useAdminProviders } from "../api/providers";
import { useAdminLogout } from "../api/session";
import { CallbacksTab } from "./CallbacksTab";
import { DiscountCodesTab } from "./DiscountCodesTab";
import { LeadsTab } from "./LeadsTab";
import { OverviewTab } from "./OverviewTab";
import { ProvidersTab } from "./ProvidersTab";
import { ReportsTab } from "./ReportsTab";

const TABS = [
  { value: "overview", label: "Overview" },
  { value: "providers", label: "Providers" },
  { value: "leads", label: "All Leads" },
  { value: "callbacks", label: "Callbacks" },
  { value: "discounts", label: "Discount codes" },
  { value: "reports", label: "Reports" },
] as const;
type Tab = (typeof TABS)[number]["value"];

export function AdminDashboard() {
  const [tab, setTab] = useState<Tab>("overview");
  const analytics = useAdminAnalytics();
  const providers = useAdminProviders();
  const leads = useAdminLeads();
  const logout = useAdminLogout();
  const strip = useRef<HTMLDivElement>(null);
  const loading = analytics.isPending || providers.isPending || leads.isPending;

  async function onLogout() {
    // The token is forgotten even when the call fails; this screen unmounts right after.
    await logout.mutateAsync().catch(() => null);
    toast({ title: "Logged Out", description: "Successfully logged out from admin dashboard" });
  }

  function onKeyDown(e: KeyboardEvent) {
    const index = TABS.findIndex((t) => t.value === tab);
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length]!.value;
    setTab(next);
    strip.current?.querySelector<HTMLElement>(`#admin-tab-${next}`)?.focus();
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <h1 className="text-lg font-bold text-slate-900 sm:text-2xl">Admin Dashboard</h1>
          <div className="flex items-center gap-2">
            <Button asChild variant="ghost" size="sm">
              <Link href="/">
                <Home aria-hidden /> <span className="hidden sm:inline">Home</span>
                <span className="sr-only sm:hidden">Home</span>
              </Link>
            </Button>
            <Button variant="outline" size="sm" onClick={() => void onLogout()} disabled={logout.isPending}>
              <LogOut aria-hidden /> Logout
            </Button>
          </div>
        </div>
        <div className="mx-auto max-w-6xl px-2 sm:px-4">
          <div ref={strip} role="tablist" aria-label="Admin sections" onKeyDown={onKeyDown} className="flex gap-1 overflow-x-auto [scrollbar-width:none]">
            {TABS.map((t) => {
              const selected = t.value === tab;
              return (
                <button
                  key={t.value}
                  id={`admin-tab-${t.value}`}
                  type="button"
                  role="tab"
                  aria-selected={selected}
                  aria-controls="admin-panel"
                  tabIndex={selected ? 0 : -1}
                  onClick={() => setTab(t.value)}
                  className={cn(
                    "shrink-0 border-b-2 px-3 py-2.5 text-sm font-semibold transition-colors",
                    selected ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900",
                  )}
                >
                  {t.label}
                </button>
              );
            })}
          </div>
        </div>
      </header>

      <main id="admin-panel" role="tabpanel" aria-labelledby={`admin-tab-${tab}`} className="mx-auto max-w-6xl px-4 py-6">
        {loading ? (
          <div className="flex flex-col items-center justify-center gap-3 py-24 text-slate-600">
            <Spinner className="size-10" label="Loading admin dashboard" />
            <p>Loading admin dashboard...</p>
          </div>
        ) : (
          <>
            {tab === "overview" && <OverviewTab analytics={analytics.data} error={analytics.error} onRetry={() => void analytics.refetch()} retrying={analytics.isFetching} />}
            {tab === "providers" && <ProvidersTab />}
            {tab === "leads" && <LeadsTab />}
            {tab === "callbacks" && <CallbacksTab />}
            {tab === "discounts" && <DiscountCodesTab />}
            {tab === "reports" && <ReportsTab />}
          </>
        )}
      </main>
    </div>
  );
}
