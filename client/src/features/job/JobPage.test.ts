// The job page as a customer's phone shows it (docs/decisions/047-job-page-screens.md), rendered
// to HTML in Node: each status, the electrician's card, an unknown link, and what it never shows.
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { createQueryClient } from "@/lib/query-client";
import { JOB_STATUSES, type JobStatus, type JobView } from "@shared/jobs";
import { fetchJob, jobQueryKey, jobRefreshInterval } from "./api/job";
import type { JobPhotoRemoval } from "./api/job-photos";
import { jobView, TOKEN } from "./job-fixture";
import { JobPage, JobPageContent } from "./JobPage";
import { JobPhotos } from "./JobPhotos";

const NOW = new Date("2026-03-02T22:45:00.000Z");

function html(node: ReactNode, path = `/job/${TOKEN}`, client: QueryClient = createQueryClient()) {
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, createElement(Router, { ssrPath: path, children: node })));
}
const content = (view: JobView) => html(createElement(JobPageContent, { token: TOKEN, view, notFound: false, failed: false, now: NOW }));
/** The text a person reads, tags and entities aside. */
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

afterEach(() => vi.unstubAllGlobals());

describe("the job page for each status", () => {
  it("when the request is still being matched, then it says we are finding an electrician and shows no electrician", () => {
    const page = text(content(jobView("finding")));
    expect(page).toContain("We're finding you a licensed electrician");
    expect(page).toContain("This page updates by itself");
    expect(page).not.toContain("Your electrician");
    expect(page).not.toContain("They will contact you by");
  });

  it("when the request is at any status, then its headline shows and its step is the current one", () => {
    for (const status of JOB_STATUSES) {
      const markup = content(jobView(status));
      expect(markup).toContain(`data-status="${status}"`);
      expect(markup).toMatch(new RegExp(`aria-current="step" data-state="current"`));
      expect(markup.match(/aria-current="step"/g)).toHaveLength(1);
    }
    expect(text(content(jobView("closed")))).toContain("This request is closed");
    expect(text(content(jobView("booked")))).toContain("Your job is booked");
  });

  it("when the request was sold, then the card names the business and the person, with a call button, the checks and the figures", () => {
    const markup = content(jobView("matched"));
    const page = text(markup);
    expect(page).toContain("Sparkright Electrical");
    expect(page).toContain("Dave will look after your job");
    expect(markup).toContain('href="tel:0412345678"');
    expect(page).toContain("Call Dave on 0412 345 678");
    expect(page).toContain("NSW licence 245871C, checked 14 Jan 2026");
    expect(page).toContain("ABN 53 004 085 616");
    expect(page).toContain("Member since March 2025");
    expect(page).toContain("12 jobs completed");
    expect(page).toContain("Usually calls within 25 min");
    // 00:41 UTC is 11:41 am in Sydney; the page was opened at 9:45 am the same day.
    expect(page).toContain("They will contact you by 11:41 am today");
  });

  it("when the electrician has real reviews and a public profile, then the card shows the rating and links to the profile; without, neither", () => {
    const sold = jobView("matched");
    const markup = content(sold);
    expect(text(markup)).toContain("Rated 4.7 out of 5 from 9 reviews");
    expect(markup).toContain('href="/electricians/sparkright-electrical-parramatta"');
    const bare = content({ ...sold, electrician: { ...sold.electrician!, profilePath: null, rating: { average: null, count: 0 } } });
    expect(text(bare)).not.toMatch(/Rated|out of 5/);
    expect(bare).not.toContain("/electricians/");
  });

  it("when the request is in Perth, then the promise is on Perth's clock", () => {
    expect(text(content(jobView("matched", { state: "WA", suburb: "Joondalup", postcode: "6027" })))).toContain("They will contact you by 8:41 am today");
  });

  it("when too few calls are known or the electrician has already been in touch, then the median and the promise are left out", () => {
    const sold = jobView("matched");
    const page = text(content({ ...sold, electrician: { ...sold.electrician!, medianMinutesToContact: null } }));
    expect(page).not.toContain("Usually calls within");
    expect(text(content(jobView("contacted")))).not.toContain("They will contact you by");
  });

  it("when the promise has passed without contact, then it says they were due, not that they will", () => {
    const view = jobView("matched", { contactBy: "2026-03-02T22:00:00.000Z" });
    expect(text(content(view))).toContain("They were due to contact you by 9:00 am today");
  });

  it("when the request is shown, then the summary has the reference, the service, the place, the day it was sent and the description as sent", () => {
    const page = text(content(jobView("matched")));
    expect(page).toContain("AE-104233E");
    expect(page).toContain("Installation");
    expect(page).toContain("Parramatta NSW 2150");
    expect(page).toContain("3 Mar 2026");
    expect(page).toContain("Two new power points in the garage and an outside light by the back door.");
  });

  it("when the page shows a request, then the customer's phone and street address appear nowhere, only what the view holds", () => {
    const markup = content(jobView("paid"));
    expect(markup).not.toMatch(/Smith St/);
    // The only phone number on the page is the electrician's.
    expect(markup.match(/04\d{2} ?\d{3} ?\d{3}/g)?.every((n) => n.replace(/ /g, "") === "0412345678")).toBe(true);
  });
});

describe("the customer's photos on the job page", () => {
  const photo = (n: number) => ({
    id: `photo${n}`.padEnd(32, "x"),
    thumbnailUrl: `/api/jobs/${TOKEN}/photos/p${n}/thumbnail`,
    url: `/api/jobs/${TOKEN}/photos/p${n}/full`,
  });
  const withPhotos = (status: JobStatus, count: number, actions: JobView["actions"] = []) =>
    jobView(status, { photoCount: count, photos: Array.from({ length: count }, (_, i) => photo(i + 1)), actions });
  const removal = { isPending: false, isError: false, variables: undefined, error: null, mutate: vi.fn() } as unknown as JobPhotoRemoval;
  // The section the page loads after the request shows (a chunk of its own), as it renders once there.
  const content = (view: JobView) =>
    html(createElement(JobPhotos, { view, uploadPath: `/api/jobs/${TOKEN}/photos`, onUploaded: async () => {}, remove: removal }));

  it("when the request is not booked yet, then its photos show with a remove button each, and the picker adds more", () => {
    const markup = content(withPhotos("matched", 2, ["add_photos"]));
    expect(markup).toContain('data-testid="job-photos"');
    expect(markup.match(/data-testid="photo-tile"/g)).toHaveLength(2);
    expect(markup).toContain(`src="/api/jobs/${TOKEN}/photos/p1/thumbnail"`);
    expect(markup).toContain('aria-label="Remove Your photo 2"');
    expect(markup).toContain('aria-label="Open Your photo 1"');
    expect(text(markup)).toContain("Choose photos");
    expect(text(markup)).toContain("2 of 6 photos");
  });

  it("when the request has 6 photos, then none can be added but each can still be removed", () => {
    const markup = content(withPhotos("quoted", 6));
    expect(markup).not.toContain('data-testid="photo-picker"');
    expect(markup.match(/aria-label="Remove Your photo \d"/g)).toHaveLength(6);
    expect(text(markup)).toContain("6 of 6 photos: remove one to add another.");
  });

  it("when the job is booked, then the photos still show but can be neither added nor removed", () => {
    const markup = content(withPhotos("booked", 2));
    expect(markup.match(/data-testid="photo-tile"/g)).toHaveLength(2);
    expect(markup).not.toContain("Remove Your photo");
    expect(markup).not.toContain('data-testid="photo-picker"');
    expect(text(markup)).toContain("The job is booked");
  });

  it("when the request is still on sale and has no photos, then the customer is offered to add some", () => {
    const markup = content(withPhotos("finding", 0, ["add_photos"]));
    expect(text(markup)).toContain("The electrician who takes your job will see them");
    expect(markup).toContain('data-testid="photo-picker"');
    expect(content(withPhotos("paid", 0))).toBe("");
  });
});

describe("the page as routed", () => {
  it("when the query holds the view for the link's token, then the page renders it", () => {
    const client: QueryClient = createQueryClient();
    client.setQueryData(jobQueryKey(TOKEN), jobView("matched"));
    const markup = html(createElement(Route, { path: "/job/:token", component: JobPage }), `/job/${TOKEN}`, client);
    expect(text(markup)).toContain("Sparkright Electrical");
  });

  it("when the server did not know the link (404), then a friendly message links to the lookup", () => {
    const client: QueryClient = createQueryClient();
    client.setQueryData(jobQueryKey(TOKEN), null);
    const markup = html(createElement(Route, { path: "/job/:token", component: JobPage }), `/job/${TOKEN}`, client);
    expect(markup).toContain('data-testid="job-not-found"');
    expect(text(markup)).toContain("We can't find that link");
    expect(markup).toMatch(/<a [^>]*href="\/job"[^>]*>.*Find my request/);
  });

  it("when the token is not of a job link's shape, then the page says so without asking the server", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const markup = html(createElement(Route, { path: "/job/:token", component: JobPage }), "/job/not-a-token");
    expect(markup).toContain('data-testid="job-not-found"');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("when the server answers 404, then the view is null (unknown link); any other failure is an error to retry", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ message: "Not found" }), { status: 404 })),
    );
    await expect(fetchJob(TOKEN)).resolves.toBeNull();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ message: "Server error" }), { status: 500 })),
    );
    await expect(fetchJob(TOKEN)).rejects.toMatchObject({ status: 500 });
  });

  it("when the page has a view it asks again every 4 s, after a failure every 30 s, and for an unknown link never", () => {
    expect(jobRefreshInterval({ data: jobView("finding"), fetchFailureCount: 0 })).toBe(4_000);
    expect(jobRefreshInterval({ data: undefined, fetchFailureCount: 0 })).toBe(4_000);
    expect(jobRefreshInterval({ data: jobView("finding"), fetchFailureCount: 1 })).toBe(30_000);
    expect(jobRefreshInterval({ data: null, fetchFailureCount: 0 })).toBe(false);
  });

  it("when the request could not be loaded and nothing was shown yet, then the page says it keeps trying", () => {
    const markup = html(createElement(JobPageContent, { token: TOKEN, notFound: false, failed: true, now: NOW }));
    expect(text(markup)).toContain("We'll keep trying");
  });
});

describe("the customer's actions after the sale (docs/decisions/049)", () => {
  it("when the promise passed with nothing logged, then the page offers 'No one has contacted me' and 'Close my request'", () => {
    const page = text(content(jobView("matched", { actions: ["not_contacted", "close"] })));
    expect(page).toContain("Haven't heard from Sparkright Electrical?");
    expect(page).toContain("No one has contacted me");
    expect(page).toContain("Close my request");
  });

  it("when no action is open, then neither button shows", () => {
    const page = text(content(jobView("contacted")));
    expect(page).not.toContain("No one has contacted me");
    expect(page).not.toContain("Close my request");
  });

  it("when the job went back on sale, then the page says what happens next", () => {
    const page = text(content(jobView("finding", { notContacted: { outcome: "relisted", at: NOW.toISOString() }, actions: ["close"] })));
    expect(page).toContain("We've taken your job back from the electrician who didn't contact you");
    expect(page).toContain("we'll text you when one takes it");
  });

  it("when attempts were logged and the operator is looking, then the page says both sides are checked", () => {
    const page = text(content(jobView("matched", { notContacted: { outcome: "reviewing", at: NOW.toISOString() } })));
    expect(page).toContain("our team is checking both sides");
  });

  it("when the customer closed the request, then the page says when and why", () => {
    const page = text(content(jobView("closed", { closure: { at: "2026-03-06T04:00:00.000Z", reason: "found_someone" } })));
    expect(page).toContain("You closed this request on");
    expect(page).toContain("you found someone else");
  });
});
