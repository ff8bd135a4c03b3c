// Header navigation by role (docs/product.md section 2, "Navigation by role").
import type { UserType } from "@shared/enums";

export interface NavItem {
  href: string;
  label: string;
}

export function navItemsFor(userType: UserType | null | undefined): NavItem[] {
  switch (userType) {
    case "provider":
    case "team_member":
      return [{ href: "/dashboard", label: "Dashboard" }];
    case "super_admin":
      return [
        { href: "/", label: "Home" },
        { href: "/get-quote", label: "Get Quote" },
        { href: "/dashboard", label: "CRM Dashboard" },
        // The operator's dashboard opens with the operator's own username and password, which the
        // super admin holds; its login page says so (docs/decisions/085-an-honest-public-profile.md).
        ADMIN_PANEL,
      ];
    default:
      return [
        { href: "/", label: "Home" },
        { href: "/get-quote", label: "Get Electrical Quote" },
        // A customer who lost the link to their request (docs/decisions/044-job-page.md).
        FIND_MY_REQUEST,
      ];
  }
}

const FIND_MY_REQUEST: NavItem = { href: "/job", label: "Find my request" };
const ADMIN_PANEL: NavItem = { href: "/admin", label: "Admin Panel" };
const LEGAL: NavItem[] = [
  { href: "/privacy-policy", label: "Privacy Policy" },
  { href: "/terms-and-conditions", label: "Terms & Conditions" },
];

/**
 * The footer's quick links by role: a signed-in electrician's would only bounce to the
 * dashboard (the quote form, the sign-up and sign-in pages are for the signed out), so they get
 * the dashboard instead; everyone else gets the ways in and Find my request.
 */
export function footerLinksFor(userType: UserType | null | undefined): NavItem[] {
  if (userType === "provider" || userType === "team_member" || userType === "super_admin") return [{ href: "/dashboard", label: "Dashboard" }, ...LEGAL];
  return [
    { href: "/get-quote", label: "Get a Free Quote" },
    FIND_MY_REQUEST,
    { href: "/for-providers", label: "Join Our Network" },
    { href: "/signup", label: "Electrician Sign Up" },
    { href: "/login", label: "Electrician Sign In" },
    ...LEGAL,
  ];
}
