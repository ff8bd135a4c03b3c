// The dashboard does not jump as it loads and its leads arrive (docs/decisions/038): cumulative
// layout shift at 390 px and 1366 px, with long real-world data. The rest of its layout:
// e2e/dashboard-layout.test.ts.
import { describe, expect, it } from "vitest";
import { PHONE } from "./support/browser";
import { useLayoutOwner, WIDE } from "./support/long-data";

const { env, signedIn } = useLayoutOwner();

describe("layout shift while the dashboard loads", () => {
  it.each([PHONE, WIDE])("when the dashboard loads at $width px, then its cumulative layout shift stays at or under 0.1", async (viewport) => {
    const page = await signedIn(viewport);
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    for (let load = 0; load < 2; load++) {
      await page.goto(env.server.url + "/dashboard");
      await page.getByTestId("lead-card").first().waitFor();
      await page.getByTestId("live-badge").filter({ hasText: "Live Updates Active" }).waitFor();
      await page.waitForTimeout(1500);
      const cls = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      expect(cls, `cumulative layout shift of load ${load + 1}`).toBeLessThanOrEqual(0.1);
    }
  });
});
