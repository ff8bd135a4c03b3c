// /reviews-policy rendered to HTML in Node (docs/decisions/058-reviews.md): the rules, the only
// hide reasons with the words shown in a hidden review's place, and the live figures.
import { QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { createQueryClient } from "@/lib/query-client";
import type { ReviewPolicyFigures } from "@shared/reviews";
import { REVIEW_HIDDEN_REASON_LABELS } from "@shared/reviews-rules";
import { ReviewsPolicyPage } from "./ReviewsPolicyPage";

function page(figures?: ReviewPolicyFigures) {
  const client = createQueryClient();
  if (figures) client.setQueryData(["/api/reviews/policy-figures"], figures);
  const markup = renderToStaticMarkup(
    createElement(QueryClientProvider, { client }, createElement(Router, { ssrPath: "/reviews-policy", children: createElement(ReviewsPolicyPage) })),
  );
  return markup
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("the reviews policy page", () => {
  it("when the figures are in, then it shows published, hidden and hidden by each reason", () => {
    const text = page({ published: 128, hidden: 3, hiddenByReason: { abuse: 2, personal_information: 1, not_about_this_job: 0 } });
    expect(text).toContain("Reviews published 128");
    expect(text).toContain("Reviews hidden 3");
    expect(text).toContain("Hidden: abusive or threatening language 2");
    expect(text).toContain("Hidden: someone's personal information 1");
    expect(text).toContain("Hidden: not about this job 0");
  });

  it("when read, then it states the rules and the only reasons a review is hidden", () => {
    const text = page();
    expect(text).toContain("Loading the figures");
    expect(text).toContain("a week after the electrician took the job");
    expect(text).toContain("a forwarded link cannot be used to review");
    expect(text).toContain("never hidden because of a refund, a dispute, or a request from the electrician");
    for (const label of Object.values(REVIEW_HIDDEN_REASON_LABELS)) expect(text).toContain(label);
  });
});
