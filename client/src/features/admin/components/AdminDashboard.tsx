// The logged-in admin screen: header, tabs, and the 'Loading admin dashboard...' state
// while the three main loads run (docs/product.md section 2).
import { Home, LogOut } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { useNoticesBelow } from "@/components/ui/notices-below";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/use-toast";
import { useAdminAnalytics } from "../api/analytics";
import { useAdminLeads } from "../api/leads";
import { useAdminProviders } from "../api/providers";
import { useAdminLogout } from "../api/session";
import { CallbacksTab } from "./CallbacksTab";
import { CustomerReviewsTab } from "./CustomerReviewsTab";
import { DiscountCodesTab } from "./DiscountCodesTab";
import { DisputesTab } from "./DisputesTab";
import { LeadsTab } from "./LeadsTab";
import { OverviewTab } from "./OverviewTab";
import { ProvidersTab } from "./ProvidersTab";
import { ReportsTab } from "./ReportsTab";
import { ReviewsTab } from "./ReviewsTab";
import { VerificationTab } from "./VerificationTab";

const TABS = [
  { value: "overview", label: "Overview" },
  { value: "providers", label: "Providers" },
  { value: "verification", label: "Verification" },
  { value: "leads", label: "All Leads" },
  { value: "callbacks", label: "Callbacks" },
  { value: "disputes", label: "Disputes" },
  { value: "discounts", label: "Discount codes" },
  { value: "reports", label: "Reports" },
  { value: "reviews", label: "Cases" },
  { value: "customer-reviews", label: "Reviews" },
] as const;
type Tab = (typeof TABS)[number]["value"];

export function AdminDashboard() {
  const [tab, setTab] = useState<Tab>("overview");
  // Its tabs are in the sticky header: a notice on a phone starts below them (docs/decisions/114-notices-under-the-phone-header.md).
  const header = useRef<HTMLElement>(null);
  useNoticesBelow(header);
  const analytics = useAdminAnalytics();
  const providers = useAdminProviders();
  const leads = useAdminLeads();
  const logout = useAdminLogout();
  const loading = analytics.isPending || providers.isPending || leads.isPending;

  async function onLogout() {
    // The token is forgotten even when the call fails; this screen unmounts right after.
    await logout.mutateAsync().catch(() => null);
    toast({ title: "Logged Out", description: "Successfully logged out from admin dashboard" });
  }

  // Built on each render, mounted only when its tab is open (TabsContent).
  const panels: Record<Tab, ReactNode> = {
    overview: <OverviewTab analytics={analytics.data} error={analytics.error} onRetry={() => void analytics.refetch()} retrying={analytics.isFetching} />,
    providers: <ProvidersTab />,
    verification: <VerificationTab />,
    leads: <LeadsTab />,
    callbacks: <CallbacksTab />,
    disputes: <DisputesTab />,
    discounts: <DiscountCodesTab />,
    reports: <ReportsTab />,
    reviews: <ReviewsTab />,
    "customer-reviews": <CustomerReviewsTab />,
  };

  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="min-h-dvh bg-slate-50">
      <header ref={header} className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
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
          <TabsList aria-label="Admin sections">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
      </header>

      <main className="mx-auto max-w-6xl px-4 py-6">
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            {loading ? (
              <div className="flex flex-col items-center justify-center gap-3 py-24 text-slate-600">
                <Spinner className="size-10" label="Loading admin dashboard" />
                <p>Loading admin dashboard...</p>
              </div>
            ) : (
              panels[t.value]
            )}
          </TabsContent>
        ))}
      </main>
    </Tabs>
  );
}
