// "Get paid online" in Business details (docs/decisions/056, 057), rendered to HTML in Node: the
// Stripe account's state in plain words, the 0% fee, the button only for the owner, none in demo mode.
import { QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { StripeAccount } from "@shared/stripe-connect";
import { createQueryClient } from "@/lib/query-client";
import { GetPaidOnline } from "./GetPaidOnline";

const text = (account: StripeAccount, canEdit = true) =>
  renderToStaticMarkup(createElement(QueryClientProvider, { client: createQueryClient() }, createElement(GetPaidOnline, { account, canEdit })))
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
const account = (status: StripeAccount["status"], chargesEnabled = false, payoutsEnabled = false): StripeAccount => ({
  status,
  chargesEnabled,
  payoutsEnabled,
  demo: false,
});

describe("Get paid online", () => {
  it("when the owner has no Stripe account, then it says how customers pay now, the 0% fee, and offers to set one up", () => {
    const page = text(account("none"));
    expect(page).toContain("Not set up");
    expect(page).toContain("0% platform fee.");
    expect(page).toContain("Stripe's fee, refunds and disputes are on your Stripe account");
    expect(page).toContain("Set up online payments");
  });

  it("when Stripe holds charges or payouts, then it says which, in plain words, and how to fix it", () => {
    const page = text(account("restricted", false, true));
    expect(page).toContain("Stripe needs more details");
    expect(page).toContain("Customers can't pay you by card yet");
    expect(page).toContain("Stripe pays the money into your bank account");
    expect(page).toContain("Give Stripe the details it needs");
  });

  it("when the account takes payments, then it says so; a team member sees it without the button", () => {
    const page = text(account("active", true, true), false);
    expect(page).toContain("Taking payments");
    expect(page).toContain("Customers can pay you by card");
    expect(page).not.toContain("Update your details with Stripe");
    expect(page).toContain("Only the business owner can set up online payments");
  });

  it("when the server is in demo mode, then it says customers' payments are demos, and offers no set-up", () => {
    const page = text({ ...account("none"), demo: true });
    expect(page).toContain("Demo mode");
    expect(page).toContain("nothing is charged");
    expect(page).not.toContain("Set up online payments");
  });
});
