// A mistyped password on a slow phone, sent before the app is ready (docs/decisions/036; the
// profile: e2e/support/slow-phone.ts). It times nothing, so it writes no table.
import { describe, it } from "vitest";
import { expectNothingTypedInUrls, SLOW_JOURNEY, useSlowPhone } from "./support/slow-phone";

const { slowPhone } = useSlowPhone("Wrong password", "e2e/slow-phone-wrong-password.test.ts");

describe("on a slow phone, a wrong password before the app has taken over", SLOW_JOURNEY, () => {
  it("when a provider mistypes the password before the app is ready, then the sign-in page says so as the app would, with nothing typed in the address", async () => {
    const { page, urls, open } = await slowPhone();
    await open("/login");
    await page.getByLabel("Username or email").fill("dave");
    await page.getByLabel("Password").fill("not-the-password-7");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/login\?failed=1$/);
    await page.getByText("Invalid username or password").waitFor();
    expectNothingTypedInUrls(urls, ["not-the-password-7", "password="]);
  });
});
