// /admin (docs/product.md section 2 "Admin dashboard"): the login form while no admin token is
// stored, the dashboard once one is (docs/product.md section 4 "Admin").
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { usePageMeta } from "@/lib/seo";
import { ADMIN_KEY, useAdminToken } from "./api/admin-client";
import { AdminDashboard } from "./components/AdminDashboard";
import { AdminLogin } from "./components/AdminLogin";

export function AdminPage() {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  // Signed out (logout, an expired token, another browser tab): nothing of the old session
  // may show, even for a moment, after the next login.
  useEffect(() => {
    if (!token) queryClient.removeQueries({ queryKey: ADMIN_KEY });
  }, [token, queryClient]);
  usePageMeta({ title: "Admin Dashboard", description: "Operator dashboard of the marketplace.", path: "/admin", noIndex: true });
  // Keyed by presence, so logging out remounts the form with empty fields.
  return token ? <AdminDashboard key="dashboard" /> : <AdminLogin key="login" />;
}
