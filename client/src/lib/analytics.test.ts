// docs/product.md section 14: a job link's token never reaches analytics. Events on a job page
// are recorded as /job/*, and so is a job page in the referrer.
import { afterEach, describe, expect, it, vi } from "vitest";
import { JOB_PATH_REDACTED, withoutJobToken } from "@shared/job-page";
import { eventPage, trackEvent } from "./analytics";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";

/** The browser's globals trackEvent reads, and the body it would post. */
function onPage(pathname: string, referrer = "") {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }));
  vi.stubGlobal("window", { location: { pathname, origin: "https://example.test" } });
  vi.stubGlobal("document", { title: "Your electrical job | Aussie Electricians", referrer });
  vi.stubGlobal("navigator", { userAgent: "test" });
  vi.stubGlobal("fetch", fetch);
  return async () => {
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/analytics/track");
    return { raw: String(init.body), body: JSON.parse(String(init.body)) as Record<string, unknown> };
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("analytics on a job page", () => {
  it("when an event happens on /job/<token>, then it is recorded as /job/* and the token is nowhere in what is sent", async () => {
    const sent = onPage(`/job/${TOKEN}`);
    await trackEvent("phone_click");
    const { raw, body } = await sent();
    expect(body.pagePath).toBe(JOB_PATH_REDACTED);
    expect(raw).not.toContain(TOKEN);
  });

  it("when the page was opened from a job page, then the referrer keeps its site and loses the token", async () => {
    const sent = onPage("/get-quote", `https://example.test/job/${TOKEN}`);
    await trackEvent("quote_form_submit");
    const { raw, body } = await sent();
    expect(body).toMatchObject({ pagePath: "/get-quote", referrer: "https://example.test/job/*" });
    expect(raw).not.toContain(TOKEN);
  });

  it("when the page is any other, then its path and referrer are recorded as they are", () => {
    expect(eventPage("/get-quote", "https://www.google.com/")).toEqual({ pagePath: "/get-quote", referrer: "https://www.google.com/" });
    expect(eventPage("/", "")).toEqual({ pagePath: "/", referrer: null });
    // The lookup page has no token to hide.
    expect(eventPage("/job", "")).toEqual({ pagePath: "/job", referrer: null });
    expect(eventPage("/jobs-board", "")).toEqual({ pagePath: "/jobs-board", referrer: null });
  });

  it("when a page of this site or its address is recorded, then analytics hides job links exactly as shared/job-page.ts does", () => {
    const samples = [
      `/job/${TOKEN}`,
      `/job/${TOKEN}/`,
      `/JOB/${TOKEN}`,
      `//job//${TOKEN}`,
      `https://example.test/job/${TOKEN}?a=1#b`,
      "/job",
      "/job/",
      "/jobs/x",
      "/get-quote",
      "",
      "/a/job/x",
    ];
    for (const sample of samples) expect(eventPage(sample, sample)).toEqual({ pagePath: withoutJobToken(sample), referrer: withoutJobToken(sample) || null });
  });
});
