// The job page's review section rendered to HTML in Node (docs/decisions/062-review-screens.md):
// the form while the server lists `review`, the published review with "Verified job" and Edit
// while editing is open, the reason in a hidden review's place, and nothing otherwise.
import { QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import type { JobReview as Review } from "@shared/reviews";
import { jobView, TOKEN } from "../job-fixture";
import { JobReview } from "./JobReview";

const REVIEW: Review = {
  id: 7,
  providerId: 3,
  rating: 4,
  text: "Dave rewired the garage in a day and left it spotless.",
  aspects: { quality: 5, punctuality: 4, value: null, tidiness: 5 },
  customerFirstName: "Harriet",
  suburb: "Parramatta",
  state: "NSW",
  month: "2026-03",
  verifiedJob: true,
  paidOnPlatform: true,
  edited: false,
  hidden: null,
  reply: { text: "Thanks Harriet, a pleasure.", createdAt: "2026-03-08T01:00:00.000Z", edited: false },
  editableUntil: "2026-03-14T04:00:00.000Z",
  canEdit: true,
};

const render = (review: Review | null, actions: ReturnType<typeof jobView>["actions"]) =>
  renderToStaticMarkup(
    createElement(QueryClientProvider, { client: createQueryClient() }, createElement(JobReview, { token: TOKEN, view: jobView("paid", { actions }), review })),
  )
    // What a screen reader reads of an image: its label.
    .replace(/<[^>]*aria-label="([^"]*)"[^>]*>/g, " $1 ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("the review on the customer's job page", () => {
  it("when the job may be reviewed and nothing is written, then the form asks for stars, the text and the code, each star a named radio", () => {
    const markup = renderToStaticMarkup(
      createElement(
        QueryClientProvider,
        { client: createQueryClient() },
        createElement(JobReview, { token: TOKEN, view: jobView("paid", { actions: ["review"] }), review: null }),
      ),
    );
    expect(markup.match(/<input type="radio"[^>]*name="review-rating"/g)).toHaveLength(5);
    expect(markup).toContain("1 star");
    expect(markup).toContain("5 stars");
    const page = render(null, ["review"]);
    expect(page).toContain("Review Sparkright Electrical");
    expect(page).toContain("0 / 2000 · 20 more characters needed");
    expect(page).toContain("Rate the details (optional)");
    expect(page).toContain("Text me a code");
    expect(page).not.toContain("Verified job");
  });

  it("when the review is published and still editable, then it shows as the public sees it, with Verified job, the reply and Edit until its day", () => {
    const page = render(REVIEW, ["review"]);
    expect(page).toContain("Your review of Sparkright Electrical");
    expect(page).toContain("4 out of 5 stars");
    expect(page).toContain("Verified job");
    expect(page).toContain("Paid through Aussie Electricians");
    expect(page).toContain("Harriet, Parramatta NSW · March 2026");
    expect(page).toContain("Reply from Sparkright Electrical");
    expect(page).toContain("You can edit your review until 14 Mar 2026");
    expect(page).toContain("Edit my review");
    expect(page).not.toContain("Text me a code");
  });

  it("when editing has closed, the review was hidden, or the job may not be reviewed, then there is no Edit, the reason shows, or nothing at all", () => {
    expect(render({ ...REVIEW, canEdit: false }, [])).not.toContain("Edit my review");
    const hidden = render({ ...REVIEW, hidden: { reason: "personal_information", label: "Removed: it held someone's personal information" } }, ["review"]);
    expect(hidden).toContain("Removed: it held someone's personal information");
    expect(hidden).not.toContain("spotless");
    expect(hidden).not.toContain("Edit my review");
    expect(render(null, [])).toBe("");
  });
});
