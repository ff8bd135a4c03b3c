// "Your certificate" on the job page rendered to HTML in Node (docs/decisions/105-paperwork-on-the-card.md):
// a row per certificate with its date, why a code comes first, the button that sends it; nothing
// without a certificate; in the page's first screen, which the server renders, above the card.
import { QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import type { JobView } from "@shared/jobs";
import { jobView, text, TOKEN } from "../job-fixture";
import { JobPageContent } from "../JobPage";
import { JobCertificates } from "./JobCertificates";

const QLD: JobView["certificates"][number] = { document: "qld_certificate", name: "Certificate of testing and compliance", issuedText: "26 Nov 2026, 9:00 am" };

const render = (certificates: JobView["certificates"]) =>
  renderToStaticMarkup(createElement(QueryClientProvider, { client: createQueryClient() }, createElement(JobCertificates, { token: TOKEN, certificates })));

describe("the customer's certificates on their job page", () => {
  it("when one certificate is issued, then it is listed by name and date, with why the code and the button that sends it", () => {
    const markup = render([QLD]);
    expect(text(markup)).toBe(
      " Your certificate Certificate of testing and compliance Issued 26 Nov 2026, 9:00 am It has your name and address, so we check it is you first. Text me a code ",
    );
    // A tap target as tall as the review's.
    expect(markup).toMatch(/<button class="[^"]*min-h-14[^"]*" type="button">/);
    // Names and dates only: nothing to open without the code.
    expect(markup).not.toContain("href");
  });

  it("when two are issued, then the heading says so and each has its own row and button", () => {
    const markup = render([QLD, { document: "act_certificate", name: "Certificate of Electrical Safety", issuedText: "27 Nov 2026, 10:15 am" }]);
    expect(text(markup)).toContain("Your certificates");
    expect(markup.match(/data-testid="job-certificate"/g)).toHaveLength(2);
    expect(markup.match(/Text me a code/g)).toHaveLength(2);
  });

  it("when none is issued, then nothing shows", () => {
    expect(render([])).toBe("");
  });

  it("when the server renders the page's first screen, then the block is in it, where the app will show it, so nothing jumps", () => {
    const markup = renderToStaticMarkup(
      createElement(
        QueryClientProvider,
        { client: createQueryClient() },
        createElement(JobPageContent, { token: TOKEN, view: jobView("booked", { certificates: [QLD] }), notFound: false, failed: false, now: new Date() }),
      ),
    );
    const page = text(markup);
    expect(page).toContain("Your certificate Certificate of testing and compliance Issued 26 Nov 2026, 9:00 am");
    // Above the electrician's card: the customer the SMS sent here finds it first.
    expect(page.indexOf("Your certificate")).toBeLessThan(page.indexOf("Sparkright Electrical"));
  });
});
