import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LeadCard } from "./components/LeadCard";
import { leadAge } from "./lead-age";
import { aMarketLead } from "./market-lead.test-data";

const now = new Date("2026-11-23T04:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe("how old a lead on the market reads", () => {
  it("when a lead was put back on sale 3 seconds ago, then the card says when the customer asked and that it is back on sale", () => {
    expect(leadAge({ createdAt: ago(2 * 3600), auctionStartedAt: ago(3) }, now)).toEqual({
      text: "Asked 2 hours ago · back on sale",
      askedAt: ago(2 * 3600),
      backOnSale: true,
    });
  });

  it("when a lead is on sale since the customer asked, then it reads as asked then, with no back-on-sale note", () => {
    expect(leadAge({ createdAt: ago(300), auctionStartedAt: ago(300) }, now)).toEqual({ text: "Asked 5 minutes ago", askedAt: ago(300), backOnSale: false });
    // The quote form's insert stamps both within the same request: not a re-listing.
    expect(leadAge({ createdAt: ago(300), auctionStartedAt: ago(299) }, now).backOnSale).toBe(false);
  });
});

describe("the lead card", () => {
  it("when a lead asked 2 hours ago is back on sale, then the card reads so and never 'Posted 3 seconds ago'", () => {
    const lead = aMarketLead(now, { createdAt: ago(2 * 3600), auctionStartedAt: ago(3), price: "59.95", secondsLeft: 3597 });
    const html = renderToStaticMarkup(createElement(LeadCard, { lead, now, claimsFree: false, onBuy: () => {} }));
    const text = html.replace(/<[^>]+>/g, "");
    expect(text).toContain("Asked 2 hours ago · back on sale");
    expect(text).not.toMatch(/Posted|seconds ago/);
  });
});
