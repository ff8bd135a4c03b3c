// /admin (SPEC.md section 2 "Admin dashboard"): the login form while no admin token is
// stored, the dashboard once one is (SPEC.md section 4 "Admin").
import { usePageMeta } from "@/lib/seo";
import { useAdminToken } from "./api/admin-client";
import { AdminDashboard } from "./components/AdminDashboard";
import { AdminLogin } from "./components/AdminLogin";

export function AdminPage() {
  const token = useAdminToken();
  usePageMeta({ title: "Admin Dashboard", description: "Operator dashboard of the marketplace.", path: "/admin", noIndex: true });
  // Keyed by presence, so logging out remounts the form with empty fields.
  return token ? <AdminDashboard key="dashboard" /> : <AdminLogin key="login" />;
}
