// The market in plain words (docs/decisions/085-an-honest-public-profile.md): a pending electrician's
// Purchase is disabled and says why; the super admin reads what they really see before purchase.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LeadCard } from "./components/LeadCard";
import { PrivacyNotice } from "./components/PrivacyNotice";
import { aMarketLead } from "./market-lead.test-data";

const now = new Date("2026-11-23T04:00:00Z");
const lead = aMarketLead(now);
const card = (cannotBuy: string | null) => renderToStaticMarkup(createElement(LeadCard, { lead, now, claimsFree: false, onBuy: () => {}, cannotBuy }));
const textOf = (html: string) => html.replace(/<[^>]+>/g, "").replaceAll("&#x27;", "'");

describe("a lead card for an account that cannot buy", () => {
  it("when the server says the licence is still being checked, then Purchase is disabled and the card says why", () => {
    // The line the dashboard makes of the server's standing (client/src/features/vetting/cannot-buy.ts).
    const html = card("You can't buy yet: your licence is being checked.");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="lead-7-cannot-buy"/);
    expect(textOf(html)).toContain("You can't buy yet: your licence is being checked.");
  });

  it("when the account may buy, then no line and Purchase is enabled", () => {
    const html = card(null);
    expect(html).not.toMatch(/disabled=""/);
    expect(html).not.toContain("cannot-buy");
  });
});

describe("the market's privacy notice", () => {
  it("when the super admin reads it, then it says they see every customer's details, not the electricians' masked view", () => {
    const admin = textOf(renderToStaticMarkup(createElement(PrivacyNotice, { seesCustomers: true })));
    expect(admin).toContain("As super admin you see each customer's full name, phone, email and address");
    expect(admin).not.toContain("What unlocks when you buy");
    const electrician = textOf(renderToStaticMarkup(createElement(PrivacyNotice, {})));
    expect(electrician).toContain("What unlocks when you buy");
  });
});
