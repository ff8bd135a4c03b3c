// No letter lost on the landing pages' forms the server answers before the app is live: the home
// page's search and the wizard's description (docs/decisions/036); the wizard's address is
// e2e/no-letter-lost.test.ts, sign-in and sign-up e2e/no-letter-lost-accounts.test.ts. The
// wizard's later steps show only once the app is live: there is no take-over to type through.
import { describe, expect, it } from "vitest";
import { useServerAndBrowser } from "./support/harness";
import { runsOfEachField, typeThroughTakeOver } from "./support/type-through-take-over";

const env = useServerAndBrowser();
// One run a field in CI: two took up to 29 s there beside another browser file.
const RUNS = runsOfEachField(1);

describe("typing into a form the server answers while the app takes the page over", () => {
  it.each([
    ["/", "Your address or suburb", "12 Church Street, Parramatta NSW 2150"],
    ["/get-quote", "Describe the electrical work", "Two new power points in the garage, near the door"],
  ])("when a person types into %s's %s at 30 ms a key, then not one letter is lost", async (path, label, text) => {
    for (let run = 0; run < RUNS; run++) {
      const { value } = await typeThroughTakeOver(env, path, label, text);
      expect(value, `run ${run + 1}`).toBe(text);
    }
  });
});
