// "Did <business> reach you?" on the customer's job page (docs/decisions/049-missed-promises-and-
// refunds.md), rendered to HTML in Node: asked only while the electrician's claim waits for the
// customer, with its two answers; each answer posts to the request's own link.
import { QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { createQueryClient } from "@/lib/query-client";
import type { JobView } from "@shared/jobs";
import { answerStillNeed } from "./api/still-need";
import { jobView, TOKEN } from "./job-fixture";
import { JobPageContent } from "./JobPage";
import { stillNeedQuestion } from "./StillNeed";

const NOW = new Date("2026-03-02T22:45:00.000Z");
const page = (view: JobView) =>
  renderToStaticMarkup(
    createElement(QueryClientProvider, {
      client: createQueryClient(),
      children: createElement(Router, {
        ssrPath: `/job/${TOKEN}`,
        children: createElement(JobPageContent, { view, notFound: false, failed: false, now: NOW, token: TOKEN }),
      }),
    }),
  )
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

afterEach(() => vi.unstubAllGlobals());

describe("the question on the job page", () => {
  it("when the electrician's claim waits for the customer, then the page asks whether the business reached them, with both answers", () => {
    const text = page(jobView("matched", { actions: ["still_need"] }));
    expect(text).toContain("Did Sparkright Electrical reach you?");
    expect(text).toContain("I still need an electrician");
    expect(text).toContain("We already spoke");
    // Asked before the rest of the page.
    expect(text.indexOf("Did Sparkright Electrical reach you?")).toBeLessThan(text.indexOf("Your electrician"));
  });

  it("when no claim waits, then the page asks nothing", () => {
    const text = page(jobView("matched"));
    expect(text).not.toContain("reach you?");
    expect(text).not.toContain("We already spoke");
  });

  it("when the business has no name, then the person's, else 'your electrician'", () => {
    const view = jobView("matched", { actions: ["still_need"] });
    expect(stillNeedQuestion({ ...view, electrician: { ...view.electrician!, businessName: null } })).toBe("Did Dave reach you?");
    expect(stillNeedQuestion({ ...view, electrician: null })).toBe("Did your electrician reach you?");
    expect(stillNeedQuestion(jobView("matched"))).toBeNull();
  });
});

describe("answering", () => {
  it("when an answer is tapped, then it is posted to the link's own still-need, 'We already spoke' with alreadySpoke", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ outcome: "already_spoke", message: "Thanks" }), { status: 200, headers: { "Content-Type": "application/json" } }),
    );
    vi.stubGlobal("fetch", fetch);
    expect(await answerStillNeed(TOKEN, { alreadySpoke: true })).toEqual({ outcome: "already_spoke", message: "Thanks" });
    await answerStillNeed(TOKEN, {});
    expect(fetch.mock.calls).toEqual([
      [
        `/api/jobs/${TOKEN}/still-need`,
        { method: "POST", credentials: "include", headers: { "Content-Type": "application/json" }, body: '{"alreadySpoke":true}' },
      ],
      [`/api/jobs/${TOKEN}/still-need`, { method: "POST", credentials: "include", headers: { "Content-Type": "application/json" }, body: "{}" }],
    ]);
  });
});
