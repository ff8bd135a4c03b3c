// The job link after the quote (docs/decisions/047-job-page-screens.md): in the history entry's
// state, never in the success page's address; without it the page offers the lookup.
import { QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { createQueryClient } from "@/lib/query-client";
import { jobUrlInState, QuoteSuccessPage } from "./QuoteSuccessPage";
import { successPage } from "./success-link";

const JOB_URL = "/job/AbCdEfGhIjKlMnOpQrStUvWxYz012345";

const render = (path = "/quote-success?ref=AE-104233E") =>
  renderToStaticMarkup(
    createElement(QueryClientProvider, { client: createQueryClient() }, createElement(Router, { ssrPath: path, children: createElement(QuoteSuccessPage) })),
  );

afterEach(() => vi.unstubAllGlobals());

describe("the job link after the quote", () => {
  it("when the wizard goes to the success page, then the address holds the reference only and the link rides in the entry's state", () => {
    const [to, options] = successPage("AE-104233E", JOB_URL, true);
    expect(to).toBe("/quote-success?ref=AE-104233E&verified=1");
    expect(to).not.toContain("AbCdEf");
    expect(options.state).toEqual({ jobUrl: JOB_URL });
  });

  it("when the entry's state holds the link, then the success page shows Track your request pointing at it", () => {
    vi.stubGlobal("history", { state: { jobUrl: JOB_URL } });
    const markup = render();
    expect(markup).toMatch(new RegExp(`<a [^>]*href="${JOB_URL}"[^>]*>.*Track your request`));
    // The page's own button (its icon, then the words); the footer links the lookup for everyone.
    expect(markup).not.toMatch(/<\/svg>\s*Find my request/);
  });

  it("when the page is opened without the link (a new tab, a shared address), then it offers the lookup instead", () => {
    vi.stubGlobal("history", { state: null });
    const markup = render();
    expect(markup).toMatch(/<a [^>]*href="\/job"[^>]*><svg[\s\S]*?<\/svg>\s*Find my request/);
    expect(markup).not.toContain("Track your request");
  });

  it("when the state holds anything but a job link, then it is not followed", () => {
    expect(jobUrlInState({ jobUrl: JOB_URL })).toBe(JOB_URL);
    expect(jobUrlInState({ jobUrl: "https://evil.example/job/AbCdEfGhIjKlMnOpQrStUvWxYz012345" })).toBeNull();
    expect(jobUrlInState({ jobUrl: "/job/short" })).toBeNull();
    expect(jobUrlInState({ quoteStep: 3 })).toBeNull();
    expect(jobUrlInState(null)).toBeNull();
  });
});
