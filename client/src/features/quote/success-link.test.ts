// The job link after the quote (docs/decisions/047-job-page-screens.md): in the history entry's
// state, never in the success page's address; without it the page offers the lookup.
import { QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { createQueryClient } from "@/lib/query-client";
import { PUBLIC_CONFIG_FALLBACK } from "@/lib/use-public-config";
import { DEFAULT_PROMISE_MINUTES, isEmergencyLead } from "@shared/contact-promise";
import { QUOTE_SERVICE_TYPES, QUOTE_URGENCIES } from "@shared/enums";
import { jobUrlInState, QuoteSuccessPage } from "./QuoteSuccessPage";
import { requestPromise, successPage } from "./success-link";

const JOB_URL = "/job/AbCdEfGhIjKlMnOpQrStUvWxYz012345";

const render = (path = "/quote-success?ref=AE-104233E") =>
  renderToStaticMarkup(
    createElement(QueryClientProvider, { client: createQueryClient() }, createElement(Router, { ssrPath: path, children: createElement(QuoteSuccessPage) })),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the job link after the quote", () => {
  it("when the wizard goes to the success page, then the address holds the reference only and the link rides in the entry's state", () => {
    const [to, options] = successPage("AE-104233E", JOB_URL, true, { emergency: false, state: "NSW" });
    expect(to).toBe("/quote-success?ref=AE-104233E&verified=1");
    expect(to).not.toContain("AbCdEf");
    expect(options.state).toEqual({ jobUrl: JOB_URL, promise: { emergency: false, state: "NSW" } });
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

// One promise in one wording (docs/decisions/086-one-promise-one-address-quiet-sign-out.md): the
// success page says the job page's promise, never "within 24 hours".
describe("the contact promise on the success page", () => {
  const promiseText = (markup: string) => /data-testid="contact-promise">(.*?)<\/p>/.exec(markup)![1]!.replace(/<[^>]+>/g, "");

  it("when an ordinary request was just sent at 9:41 am in Sydney, then the page says the rule and the time a sale now would promise", () => {
    vi.useFakeTimers({ now: new Date("2026-03-02T22:41:00.000Z"), toFake: ["Date"] });
    vi.stubGlobal("history", { state: { jobUrl: JOB_URL, promise: { emergency: false, state: "NSW" } } });
    const markup = render();
    expect(promiseText(markup)).toContain("An electrician contacts you within 2 hours of taking your job, counted 7 am to 7 pm.");
    expect(promiseText(markup)).toContain("Taken now, the electrician will contact you by 11:41 am today.");
    expect(markup).not.toContain("24 hours");
  });

  it("when it is an emergency in Perth at night, then it is 30 minutes, on Perth's clock", () => {
    vi.useFakeTimers({ now: new Date("2026-03-02T14:00:00.000Z"), toFake: ["Date"] });
    vi.stubGlobal("history", { state: { jobUrl: JOB_URL, promise: { emergency: true, state: "WA" } } });
    expect(promiseText(render())).toContain(
      "within 30 minutes of taking your job, day or night. Taken now, the electrician will contact you by 10:30 pm today.",
    );
  });

  it("when the page is opened without the wizard's entry, then it says the rule for both kinds of request and no time", () => {
    vi.stubGlobal("history", { state: null });
    const markup = render();
    expect(promiseText(markup)).toContain(
      "within 2 hours of taking your job, counted 7 am to 7 pm; for an emergency, within 30 minutes of taking your job, day or night.",
    );
    expect(promiseText(markup)).not.toContain("Taken now");
    expect(markup).not.toContain("24 hours");
  });
});

describe("the promise's inputs written out to keep the wizard small", () => {
  it("when any urgency meets any service type, then the wizard's emergency test agrees with the rule's", () => {
    for (const urgency of QUOTE_URGENCIES)
      for (const serviceType of QUOTE_SERVICE_TYPES)
        expect(requestPromise({ urgency, serviceType, serviceLocation: "" }).emergency).toBe(isEmergencyLead({ urgency, serviceType }));
  });

  it("when the server's config has not arrived, then the success page counts the rule's default minutes", () => {
    expect(PUBLIC_CONFIG_FALLBACK.contactPromiseMinutes).toBe(DEFAULT_PROMISE_MINUTES);
  });
});
