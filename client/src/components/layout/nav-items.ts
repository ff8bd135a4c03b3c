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
        { href: "/admin", label: "Admin Panel" },
      ];
    default:
      return [
        { href: "/", label: "Home" },
        { href: "/get-quote", label: "Get Electrical Quote" },
      ];
  }
}
