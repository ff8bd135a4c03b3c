// An electrician's sign-up form on a slow phone, filled the moment it shows (docs/decisions/036;
// the profile: e2e/support/slow-phone.ts). It times nothing, so it writes no table.
import { describe, expect, it } from "vitest";
import { expectNothingTypedInUrls, SLOW_JOURNEY, useSlowPhone } from "./support/slow-phone";

const { slowPhone } = useSlowPhone("Sign-up", "e2e/slow-phone-sign-up.test.ts");

describe("on a slow phone, an electrician's sign-up", SLOW_JOURNEY, () => {
  it("when an electrician fills the sign-up form the moment it shows, then every field keeps its text and none rides in a URL", async () => {
    const { page, urls, open } = await slowPhone();
    await open("/signup");
    const typed = { "First name": "Ellie", "Last name": "Watts", Email: "ellie.watts@example.com", Phone: "0412 555 777", Username: "ellie-w" };
    for (const [label, text] of Object.entries(typed)) await page.getByLabel(label, { exact: true }).fill(text);
    await page.getByLabel("Password", { exact: true }).fill("first-pass-1");
    await page.waitForLoadState("networkidle");
    for (const [label, text] of Object.entries(typed)) await expect(page.getByLabel(label, { exact: true }).inputValue()).resolves.toBe(text);
    expectNothingTypedInUrls(urls, [...Object.values(typed), "first-pass-1"]);
  });
});
