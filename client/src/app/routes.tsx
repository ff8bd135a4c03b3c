// The route tables of docs/product.md section 2.
import { Redirect, Route, Switch } from "wouter";
import { PageSpinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/lib/auth";
import { can } from "@shared/policy";
import { lazyPage, type LazyPage } from "./lazy-page";

// Every page loads on demand (docs/decisions/028): a phone on the landing page downloads the
// landing page, not the dashboard, the sign-in forms or their validation.
const HomePage = lazyPage(() => import("./pages/home/HomePage").then((m) => m.HomePage));
const QuotePage = lazyPage(() => import("@/features/quote/QuotePage").then((m) => m.QuotePage));
const QuoteSuccessPage = lazyPage(() => import("@/features/quote/QuoteSuccessPage").then((m) => m.QuoteSuccessPage));
const ProvidersPage = lazyPage(() => import("./pages/ProvidersPage").then((m) => m.ProvidersPage));
const ProviderSignupLandingPage = lazyPage(() => import("./pages/ProviderSignupLandingPage").then((m) => m.ProviderSignupLandingPage));
const PrivacyPolicyPage = lazyPage(() => import("./pages/legal/PrivacyPolicyPage").then((m) => m.PrivacyPolicyPage));
const TermsPage = lazyPage(() => import("./pages/legal/TermsPage").then((m) => m.TermsPage));
const LoginPage = lazyPage(() => import("@/features/auth/components/LoginPage").then((m) => m.LoginPage));
const SignupPage = lazyPage(() => import("@/features/auth/components/SignupPage").then((m) => m.SignupPage));
const ForgotPasswordPage = lazyPage(() => import("@/features/auth/components/ForgotPasswordPage").then((m) => m.ForgotPasswordPage));
const ResetPasswordPage = lazyPage(() => import("@/features/auth/components/ResetPasswordPage").then((m) => m.ResetPasswordPage));
const DashboardPage = lazyPage(() => import("./pages/DashboardPage").then((m) => m.DashboardPage));
const ProviderAccessRequired = lazyPage(() => import("./pages/ProviderAccessRequired").then((m) => m.ProviderAccessRequired));
const NotFoundPage = lazyPage(() => import("./pages/NotFoundPage").then((m) => m.NotFoundPage));
// The e-mail alerts' unsubscribe link (docs/decisions/029): no sign-in, so in both tables.
const UnsubscribePage = lazyPage(() => import("@/features/alerts/UnsubscribePage").then((m) => m.UnsubscribePage));
// The customer's job page and its lost-link lookup (docs/decisions/047): no sign-in, the link
// is the key, so in both tables; a provider opening a customer's link sees the customer's page.
const JobPage = lazyPage(() => import("@/features/job/JobPage").then((m) => m.JobPage));
const JobLookupPage = lazyPage(() => import("@/features/job/JobLookupPage").then((m) => m.JobLookupPage));
// The reviews' rules and live figures (docs/decisions/058-reviews.md): the same for everyone.
const ReviewsPolicyPage = lazyPage(() => import("@/features/reviews/ReviewsPolicyPage").then((m) => m.ReviewsPolicyPage));
// The public price tape (docs/decisions/066-price-tape.md): the same for everyone.
const LeadPricesPage = lazyPage(() => import("@/features/lead-prices/LeadPricesPage").then((m) => m.LeadPricesPage));
// The operator admin screen: in both tables, gated by its own token, not the session.
const AdminPage = lazyPage(() => import("@/features/admin/AdminPage").then((m) => m.AdminPage));

type RouteTable = [path: string, page: LazyPage][];

/** The legal pages, the operator's admin, sign-in and the customer's job pages answer the same whoever is signed in. */
const EVERYONES_ROUTES: RouteTable = [
  ["/admin", AdminPage],
  ["/alerts/unsubscribe", UnsubscribePage],
  ["/job", JobLookupPage],
  ["/job/:token", JobPage],
  ["/lead-prices", LeadPricesPage],
  ["/login", LoginPage],
  ["/privacy-policy", PrivacyPolicyPage],
  ["/reviews-policy", ReviewsPolicyPage],
  ["/terms-conditions", TermsPage],
  ["/terms-and-conditions", TermsPage],
];

/** Signed in as provider, team_member or super_admin. */
const DASHBOARD_ROUTES: RouteTable = [["/", DashboardPage], ["/dashboard", DashboardPage], ...EVERYONES_ROUTES];

/** Everyone else: signed out, customer or other. */
const PUBLIC_ROUTES: RouteTable = [
  ["/", HomePage],
  ["/get-quote", QuotePage],
  ["/quote-success", QuoteSuccessPage],
  ["/for-providers", ProvidersPage],
  ["/provider-signup", ProviderSignupLandingPage],
  ...EVERYONES_ROUTES,
  ["/auth/login", LoginPage],
  ["/signup", SignupPage],
  ["/auth/signup", SignupPage],
  ["/auth/forgot-password", ForgotPasswordPage],
  ["/auth/reset-password", ResetPasswordPage],
  ["/dashboard", ProviderAccessRequired],
];

// Switch renders only the match, never the list itself. Keyless, as JSX siblings were, so two
// paths to the same page ("/" and "/dashboard") keep it mounted when the visitor moves between them.
const routesOf = (table: RouteTable) => table.map(([path, page]) => <Route path={path} component={page} />);

/** A signed-out visitor's page at this path, loaded: main.tsx waits for it before replacing the build-time HTML. */
export const preloadPublicPage = (path: string) => (PUBLIC_ROUTES.find(([p]) => p === path)?.[1] ?? NotFoundPage).preload();

/** Which table applies is decided by the session; a spinner shows while it resolves. */
export function AppRoutes() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  return can(user, "useDashboard") ? <DashboardRoutes /> : <PublicRoutes />;
}

function DashboardRoutes() {
  return (
    <Switch>
      {routesOf(DASHBOARD_ROUTES)}
      {/* Anything else falls back to the dashboard. */}
      <Route>
        <Redirect to="/dashboard" replace />
      </Route>
    </Switch>
  );
}

function PublicRoutes() {
  return (
    <Switch>
      {routesOf(PUBLIC_ROUTES)}
      <Route component={NotFoundPage} />
    </Switch>
  );
}
