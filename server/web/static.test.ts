// The built client as the server sends it (docs/decisions/028): assets stored compressed at build time,
// cached for a year; landing pages with their build-time HTML for a signed-out visitor;
// robots.txt and sitemap.xml for crawlers.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { SESSION_COOKIE } from "../platform/http/session-cookie";
import { createTestDatabase } from "../test/database";
import { appsToClose, testConfig } from "../test/app";
import { EARLY_INPUT_SCRIPT, EARLY_INPUT_SCRIPT_HASH } from "../platform/http/early-input";
import { PRERENDERED_FILE, type PrerenderedPage } from "./static";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let clientDir: string;
const apps = appsToClose();
const SCRIPT = `console.log(${JSON.stringify("a built chunk ".repeat(200))});`;
const CSS = "body{margin:0}.hero{color:#fff}";
// As `vite build` writes it: the template with the stylesheet link Vite adds.
const TEMPLATE = fs
  .readFileSync(path.resolve("client/index.html"), "utf8")
  .replace("</head>", '  <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">\n  </head>');
const HOME: PrerenderedPage = {
  html: '<main><h1>Licensed Electricians</h1><a href="tel:1300000000">Call 1300 000 000</a> <a href="mailto:support@example.test">support@example.test</a></main>',
  sitePhone: "1300 000 000",
  siteEmail: "support@example.test",
};

beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "client-"));
  fs.mkdirSync(path.join(clientDir, "assets"));
  fs.mkdirSync(path.join(clientDir, ".vite"));
  fs.writeFileSync(path.join(clientDir, "index.html"), TEMPLATE);
  const script = path.join(clientDir, "assets/index-abc123.js");
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(clientDir, "assets/index-abc123.css"), CSS);
  fs.writeFileSync(path.join(clientDir, PRERENDERED_FILE), JSON.stringify({ "/": HOME }));
  fs.writeFileSync(path.join(clientDir, "sw.js"), "self.addEventListener('push', () => {});");
  fs.writeFileSync(path.join(clientDir, "manifest.webmanifest"), JSON.stringify({ name: "Aussie Electricians" }));
});
afterAll(async () => {
  await apps.closeAll();
  await database.destroy();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const appWith = (env: Record<string, string> = {}) =>
  apps.track(createApp({ database, config: testConfig({ SITE_PHONE: "1300 123 456", SITE_EMAIL: "hello@site.test", ...env }), clientDir }));
const asset = (encoding: string) => request(appWith()).get("/assets/index-abc123.js").set("Accept-Encoding", encoding);

describe("the installable app's files", () => {
  it("when the service worker is asked for, then JavaScript that must be revalidated on every visit", async () => {
    const res = await request(appWith()).get("/sw.js");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["service-worker-allowed"]).toBe("/");
  });

  it("when the manifest is asked for, then it comes as a web app manifest, cached like the other root files", async () => {
    const res = await request(appWith()).get("/manifest.webmanifest");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/manifest+json; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(JSON.parse(res.text)).toEqual({ name: "Aussie Electricians" });
  });

  it("when a page is asked for, then its CSP lets the site's own worker and manifest load", async () => {
    const csp = (await request(appWith()).get("/")).headers["content-security-policy"] as string;
    // Neither worker-src nor manifest-src is set: both fall back to 'self' (script-src, default-src).
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/worker-src|manifest-src/);
  });
});

describe("built assets", () => {
  it("when the browser accepts Brotli, then the stored .br file is sent as the script, cached for a year", async () => {
    const res = await asset("gzip, deflate, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(res.headers["content-length"])).toBe(zlib.brotliCompressSync(SCRIPT).length);
    expect(res.text).toBe(SCRIPT);
  });

  it("when the browser accepts only gzip, then the .gz file; when neither, then the file itself", async () => {
    const gzip = await asset("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.text).toBe(SCRIPT);
    const plain = await asset("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.text).toBe(SCRIPT);
  });

  it("when an asset does not exist, then 404 rather than the app's HTML", async () => {
    expect((await request(appWith()).get("/assets/gone-123.js")).status).toBe(404);
  });

  it("when the build's own notes are asked for, then they are not served", async () => {
    expect((await request(appWith()).get(`/${PRERENDERED_FILE}`)).text).not.toContain("Licensed Electricians");
  });
});

describe("landing pages rendered at build time", () => {
  it("when a signed-out visitor opens the page, then its HTML is in #root with the site's own phone and email, and the stylesheet inline", async () => {
    const res = await request(appWith()).get("/");
    expect(res.status).toBe(200);
    expect(res.headers["vary"]).toMatch(/Cookie/);
    expect(res.text).toContain('<div id="root" data-prerendered=""><main><h1>Licensed Electricians</h1>');
    expect(res.text).toContain('<a href="tel:1300123456">Call 1300 123 456</a>');
    expect(res.text).toContain('<a href="mailto:hello@site.test">hello@site.test</a>');
    expect(res.text).not.toContain("1300 000 000");
    expect(res.text).toContain(`<style>${CSS}</style>`);
    expect(res.text).not.toContain('rel="stylesheet"');
  });

  it("when the compressed page is asked for, then it comes compressed", async () => {
    const res = await request(appWith()).get("/").set("Accept-Encoding", "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.text).toContain("data-prerendered");
  });

  it("when the visitor has a session cookie, then the plain template (the app decides who is signed in)", async () => {
    const res = await request(appWith()).get("/").set("Cookie", `theme=dark; ${SESSION_COOKIE}=s%3Aabc.def`);
    expect(res.text).toMatch(/<div id="root">\s*<!--shell-->\s*<div data-app-shell/);
    expect(res.text).not.toContain(EARLY_INPUT_SCRIPT);
    expect(res.text).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">');
  });

  it("when a page is sent with the app's shell, then the stylesheet comes after the shell, so the shell paints before it arrives", async () => {
    const html = (await request(appWith()).get("/dashboard")).text;
    const link = '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">';
    expect(html.split(link)).toHaveLength(2);
    expect(html.indexOf(link)).toBeGreaterThan(html.indexOf("<!--/shell-->"));
    expect(html.indexOf(link)).toBeLessThan(html.indexOf("</body>"));
    expect(html.slice(0, html.indexOf("</head>"))).not.toContain("stylesheet");
  });

  it("when the address has a query string or the page was not rendered, then the plain template", async () => {
    expect((await request(appWith()).get("/?serviceLocation=Bondi")).text).toContain("data-app-shell");
    expect((await request(appWith()).get("/for-providers")).text).toContain("data-app-shell");
  });

  it("when a landing page is sent, then the script that keeps early taps comes before #root, allowed by its hash alone, and the shell is gone", async () => {
    const res = await request(appWith()).get("/");
    expect(res.text).toContain(`<script>${EARLY_INPUT_SCRIPT}</script><div id="root" data-prerendered="">`);
    expect(res.text).not.toContain("data-app-shell");
    const scriptSrc = /script-src ([^;]+)/.exec(res.headers["content-security-policy"] ?? "")?.[1] ?? "";
    expect(scriptSrc).toContain(EARLY_INPUT_SCRIPT_HASH);
    expect(scriptSrc).not.toContain("unsafe-inline");
    const hash = createHash("sha256")
      .update(/<script>([^<]*)<\/script><div id="root"/.exec(res.text)![1]!)
      .digest("base64");
    expect(EARLY_INPUT_SCRIPT_HASH).toBe(`'sha256-${hash}'`);
  });

  it("when a page's form reaches the server as a POST (no app to handle it), then 303 back to the page, nothing in the address", async () => {
    const res = await request(appWith()).post("/get-quote?next=1").type("form").send({ electricalWork: "New switchboard", contactPhone: "0412 345 678" });
    expect(res.status).toBe(303);
    expect(res.headers["location"]).toBe("/get-quote");
    expect((await request(appWith()).post("/api/nothing-here").send({})).status).not.toBe(303);
  });
});

describe("crawlers", () => {
  it("when robots.txt is asked for, then plain text that keeps crawlers out of the API and private screens and names the sitemap", async () => {
    const res = await request(appWith({ PUBLIC_URL: "https://site.test" })).get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.type).toBe("text/plain");
    expect(res.text).toContain("User-agent: *\n");
    expect(res.text).toContain("Disallow: /api/\n");
    expect(res.text).toContain("Disallow: /dashboard\n");
    expect(res.text).toContain("Sitemap: https://site.test/sitemap.xml\n");
    expect(res.text).not.toContain("<html");
  });

  it("when sitemap.xml is asked for, then each indexable public page once, on the site's origin, and no noindex page", async () => {
    const res = await request(appWith({ PUBLIC_URL: "https://site.test" })).get("/sitemap.xml");
    expect(res.type).toBe("application/xml");
    const locs = [...res.text.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain("https://site.test/");
    expect(locs).toContain("https://site.test/get-quote");
    expect(locs).toContain("https://site.test/terms-and-conditions");
    expect(locs).not.toContain("https://site.test/quote-success");
    expect(new Set(locs).size).toBe(locs.length);
  });
});
