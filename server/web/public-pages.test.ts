// What a crawler or link preview gets from the server before any JavaScript runs: the
// public pages' head tags written into index.html (shared/seo.ts), and the CSP.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { createTestDatabase } from "../test/database";
import { appsToClose, testConfig } from "../test/app";
import { pageHtml } from "./static";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let clientDir: string;
const apps = appsToClose();
const TEMPLATE = fs.readFileSync(path.resolve("client/index.html"), "utf8");

beforeAll(async () => {
  database = await createTestDatabase();
  // The real template: the server must find its title and description to replace them.
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "client-"));
  fs.writeFileSync(path.join(clientDir, "index.html"), TEMPLATE);
});
afterAll(async () => {
  await apps.closeAll();
  await database.destroy();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const appWith = (env: Record<string, string> = {}) => apps.track(createApp({ database, config: testConfig(env), clientDir }));
const count = (html: string, text: string) => html.split(text).length - 1;

describe("head tags of the public pages", () => {
  it("when /for-providers is requested, then its title, description, canonical and social tags are in the HTML, once", async () => {
    const res = await request(appWith()).get("/for-providers").set("Host", "example.test");
    expect(res.status).toBe(200);
    expect(res.type).toBe("text/html");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.text).toContain("<title>Electrical Leads for Electricians | Pay Per Job, No Subscriptions | Aussie Electricians</title>");
    expect(res.text).toContain('<link rel="canonical" href="http://example.test/for-providers" />');
    expect(res.text).toContain('<meta property="og:url" content="http://example.test/for-providers" />');
    expect(res.text).toContain('<meta name="twitter:card" content="summary" />');
    expect(res.text).toContain('<meta name="description" content="Exclusive electrical leads from $40.');
    expect(res.text).toContain('<meta name="robots" content="index, follow" />');
    expect(count(res.text, "<title>")).toBe(1);
    expect(count(res.text, '<meta name="description"')).toBe(1);
    // Not rendered at build time: the app's loading shell until the app renders (docs/decisions/036).
    expect(res.text).toMatch(/<div id="root">\s*<!--shell-->/);
  });

  it("when the home page is requested, then the business data with the site phone and no invented rating are in the HTML", async () => {
    const res = await request(appWith({ SITE_PHONE: "1300 123 456" })).get("/");
    const block = /<script type="application\/ld\+json" id="business-jsonld">(.*?)<\/script>/.exec(res.text);
    const data = JSON.parse(block![1]!);
    // A rating only where real reviews stand behind it: on each electrician's profile (docs/decisions/060-public-profiles.md).
    expect(data).not.toHaveProperty("aggregateRating");
    expect(res.text).not.toContain("127 reviews");
    expect(data.telephone).toBe("1300 123 456");
    expect(data.priceRange).toBe("$$");
    expect(res.text).toContain("<title>Aussie Electricians | Licensed Electricians Australia Wide, Free Quotes</title>");
  });

  it("when PUBLIC_URL is set, then canonical links use it whatever the Host header says", async () => {
    const res = await request(appWith({ PUBLIC_URL: "https://www.aussieelectricians.com.au" }))
      .get("/get-quote?serviceLocation=Bondi")
      .set("Host", "evil.test");
    expect(res.text).toContain('<link rel="canonical" href="https://www.aussieelectricians.com.au/get-quote" />');
    expect(res.text).not.toContain("evil.test");
  });

  it("when either terms path is requested, then both name /terms-and-conditions as canonical", async () => {
    const app = appWith({ PUBLIC_URL: "https://site.test" });
    for (const route of ["/terms-conditions", "/terms-and-conditions"]) {
      const res = await request(app).get(route);
      expect(res.text).toContain('<link rel="canonical" href="https://site.test/terms-and-conditions" />');
    }
  });

  it("when an unknown path is requested, then it is a 404 that says noindex and has no canonical; the app's own paths are 200", async () => {
    const res = await request(appWith()).get("/no-such-page");
    expect(res.status).toBe(404); // the app still runs in it: signed-in providers go on to the dashboard
    expect(res.text).toContain('<meta name="robots" content="noindex, follow" />');
    expect(res.text).not.toContain('rel="canonical"');
  });

  it("when each of the app's own paths is requested, then 200", async () => {
    for (const route of ["/", "/get-quote", "/dashboard", "/login", "/job", "/job/abc123", "/lead-prices", "/reviews-policy", "/auth/reset-password"]) {
      expect((await request(appWith()).get(route)).status, route).toBe(200);
    }
  });

  it("when a sign-in screen is requested, then the template is served as built (the screen sets its own tags)", async () => {
    const res = await request(appWith()).get("/login");
    expect(res.text).toBe(TEMPLATE);
  });

  it("when page text contains markup, then it is escaped", () => {
    const html = pageHtml(TEMPLATE, { title: '</title><script>alert("x")</script>', description: 'a "quoted" <b>', path: "/x" }, "https://site.test", {
      SITE_PHONE: "1300 000 000",
      SITE_EMAIL: "a@b.test",
    });
    expect(html).not.toContain("<script>alert");
    expect(html).toContain('content="a &quot;quoted&quot; &lt;b&gt;"');
  });
});

describe("content security policy", () => {
  it("when no Places key is configured, then no Google host is allowed", async () => {
    const res = await request(appWith()).get("/");
    expect(res.headers["content-security-policy"]).not.toContain("google");
  });

  it("when a page loads, then images may come from the site, data: and blob: (a photo's preview on the device while it uploads), not from any host", async () => {
    const csp = (await request(appWith()).get("/")).headers["content-security-policy"] ?? "";
    const imgSrc = csp.split(";").find((d) => d.trim().startsWith("img-src ")) ?? "";
    expect(imgSrc).toContain("blob:");
    expect(imgSrc).not.toMatch(/\s(\*|https:)(\s|$)/);
  });

  it("when a Places key is configured, then the Maps hosts are allowed for scripts, requests and images", async () => {
    const csp = (await request(appWith({ GOOGLE_MAPS_API_KEY: "test-key" })).get("/")).headers["content-security-policy"] ?? "";
    const directive = (name: string) => csp.split(";").find((d) => d.trim().startsWith(name + " ")) ?? "";
    for (const name of ["script-src", "connect-src", "img-src"]) {
      expect(directive(name)).toContain("https://*.googleapis.com");
      expect(directive(name)).toContain("https://*.gstatic.com");
    }
    expect(directive("script-src")).not.toContain("unsafe-eval");
  });
});
