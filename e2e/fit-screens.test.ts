// The screens made to fit the phone, at 390 px and 1366 px with long real-world data
// (docs/decisions/032; the data: e2e/support/long-data.ts): dashboard, login, forgotten password
// and admin. Screenshots under /tmp/shots with E2E_SHOTS=1.
import { describe, it } from "vitest";
import { openPage, PHONE } from "./support/browser";
import { closeNotices, expectFits, LONG_EMAIL, openTab, useLongData, WIDE } from "./support/long-data";
import { lookAt } from "./support/look";

const { env, signedIn, adminLogin } = useLongData();

describe("the screens made to fit the phone, with long data (screenshots under /tmp/shots with E2E_SHOTS=1)", () => {
  it.each([PHONE, WIDE])(
    "when each is opened at $width px with long data, then it renders without sideways scrolling",
    async (viewport) => {
      {
        const page = await signedIn(viewport);
        const shot = (name: string) => lookAt(page, { path: `/tmp/shots/fit-${name}-${viewport.width}.png`, fullPage: true });
        await page.goto(env.server.url + "/dashboard");
        await page.getByTestId("lead-card").first().waitFor();
        await closeNotices(page);
        await shot("leads");
        await openTab(page, "Purchased");
        await page.getByTestId("stage-card").first().waitFor();
        await shot("purchased");
        await openTab(page, "Purchase History");
        await page.getByTestId("history-refunds").waitFor();
        await expectFits(page, `Purchase History at ${viewport.width}`);
        await shot("history");

        const { page: visitor } = await openPage(env.browser, { viewport });
        await visitor.goto(env.server.url + "/login");
        await visitor.getByLabel("Username or email").waitFor();
        await expectFits(visitor, `login at ${viewport.width}`);
        await lookAt(visitor, { path: `/tmp/shots/fit-login-${viewport.width}.png` });
        await visitor.goto(env.server.url + "/auth/forgot-password");
        await visitor.getByLabel("Email").fill(LONG_EMAIL);
        await visitor.getByRole("button", { name: "Send Reset Instructions" }).click();
        await visitor.getByRole("heading", { name: "Check Your Email" }).waitFor();
        await expectFits(visitor, `forgot password at ${viewport.width}`);
        await lookAt(visitor, { path: `/tmp/shots/fit-forgot-${viewport.width}.png`, fullPage: true });

        const { page: operator } = await openPage(env.browser, { viewport });
        await adminLogin(operator);
        await operator.getByTestId("sales-pipeline").waitFor();
        await lookAt(operator, { path: `/tmp/shots/fit-admin-overview-${viewport.width}.png`, fullPage: true });
        await operator.getByRole("tab", { name: "Providers" }).click();
        await operator.getByTestId("provider-card").first().waitFor();
        await expectFits(operator, `admin providers at ${viewport.width}`);
        await lookAt(operator, { path: `/tmp/shots/fit-admin-providers-${viewport.width}.png`, fullPage: true });
      }
    },
    120_000,
  );
});
