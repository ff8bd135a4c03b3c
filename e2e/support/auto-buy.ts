import type { Page } from "playwright-core";

/** The dashboard's Auto-buy tab, once its lazy panel has loaded. */
export async function openAutoBuyTab(page: Page) {
  await page.getByRole("tab", { name: /^Auto-buy/ }).click();
  await page.getByTestId("auto-buy-tab").waitFor();
}
