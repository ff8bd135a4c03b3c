// The sign-up form's licence block (docs/decisions/033), filled as an electrician would.
import type { Page } from "playwright-core";
import { addDays, sydneyDayKey } from "../../shared/sydney-time";

export async function fillLicence(page: Page, licence: { state?: string; number?: string; expiry?: string; abn?: string } = {}) {
  await page.getByLabel("Issued by").selectOption(licence.state ?? "NSW");
  await page.getByLabel("Licence number").fill(licence.number ?? "123456C");
  await page.getByLabel("Licence expiry date").fill(licence.expiry ?? addDays(sydneyDayKey(new Date()), 700));
  await page.getByLabel("ABN").fill(licence.abn ?? "51 824 753 556");
}
