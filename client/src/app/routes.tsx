// The route tables of SPEC.md section 2.
import { Redirect, Route, Switch } from "wouter";
import { PageSpinner } from "@/components/ui/spinner";
import { ForgotPasswordPage } from "@/features/auth/components/ForgotPasswordPage";
import { LoginPage } from "@/features/auth/components/LoginPage";
import { ProviderSignupLandingPage } from "@/features/auth/components/ProviderSignupLandingPage";
import { ResetPasswordPage } from "@/features/auth/components/ResetPasswordPage";
import { SignupPage } from "@/features/auth/components/SignupPage";
import { DashboardPage } from "./pages/DashboardPage";
import { ProviderAccessRequired } from "@/features/dashboard/ProviderAccessRequired";
import { useCurrentUser } from "@/lib/auth";
import { can } from "@shared/policy";
import { HomePage } from "@/features/home/HomePage";
import { NotFoundPage } from "@/features/not-found/NotFoundPage";
import { lazyPage } from "./lazy-page";

// Public pages beyond home load on demand (issue 4: keep the first download small on phones).
const QuotePage = lazyPage(() => import("@/features/quote/QuotePage").then((m) => m.QuotePage));
const QuoteSuccessPage = lazyPage(() => import("@/features/quote/QuoteSuccessPage").then((m) => m.QuoteSuccessPage));
const ProvidersPage = lazyPage(() => import("@/features/providers/ProvidersPage").then((m) => m.ProvidersPage));
const PrivacyPolicyPage = lazyPage(() => import("@/features/legal/PrivacyPolicyPage").then((m) => m.PrivacyPolicyPage));
const TermsPage = lazyPage(() => import("@/features/legal/TermsPage").then((m) => m.TermsPage));
// The operator admin screen (issue 7): in both tables, gated by its own token, not the session.
const AdminPage = lazyPage(() => import("@/features/admin/AdminPage").then((m) => m.AdminPage));

/** Which table applies is decided by the session; a spinner shows while it resolves. */
export function AppRoutes() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  return can(user, "useDashboard") ? <DashboardRoutes /> : <PublicRoutes />;
}

/** The legal pages, the operator's admin and sign-in answer the same whoever is signed in
 * (Switch looks inside the fragment). */
const EVERYONES_ROUTES = (
  <>
    <Route path="/admin" component={AdminPage} />
    <Route path="/login" component={LoginPage} />
    <Route path="/privacy-policy" component={PrivacyPolicyPage} />
    <Route path="/terms-conditions" component={TermsPage} />
    <Route path="/terms-and-conditions" component={TermsPage} />
  </>
);

/** Signed in as provider, team_member or super_admin. */
function DashboardRoutes() {
  return (
    <Switch>
      <Route path="/" component={DashboardPage} />
      <Route path="/dashboard" component={DashboardPage} />
      {EVERYONES_ROUTES}
      {/* Anything else falls back to the dashboard. */}
      <Route>
        <Redirect to="/dashboard" replace />
      </Route>
    </Switch>
  );
}

/** Everyone else: signed out, customer or other. */
function PublicRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/get-quote" component={QuotePage} />
      <Route path="/quote-success" component={QuoteSuccessPage} />
      <Route path="/for-providers" component={ProvidersPage} />
      <Route path="/provider-signup" component={ProviderSignupLandingPage} />
      {EVERYONES_ROUTES}
      <Route path="/auth/login" component={LoginPage} />
      <Route path="/signup" component={SignupPage} />
      <Route path="/auth/signup" component={SignupPage} />
      <Route path="/auth/forgot-password" component={ForgotPasswordPage} />
      <Route path="/auth/reset-password" component={ResetPasswordPage} />
      <Route path="/dashboard" component={ProviderAccessRequired} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
