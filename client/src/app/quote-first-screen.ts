// The app's side of the wizard's step the server answered (docs/decisions/100-the-wizards-next-before-the-app.md):
// the answers it was rendered from become the wizard's kept answers and its step the history
// entry's, which is how the wizard restores itself after a reload (client/src/features/quote/QuotePage.tsx),
// so the wizard's own chunk carries nothing for this. Then the screen is handed over once the
// wizard shows that step. Kept here, out of the landing page's bundle (docs/decisions/028).
import { FIRST_SCREEN_ID, type QuoteSeed } from "@shared/first-screen";
import { handOverFirstScreen } from "@/lib/first-screen";

/** client/src/features/quote/draft.ts's key and record; its test reads what this writes. */
const QUOTE_DRAFT_KEY = "quote-draft";

type Store = Pick<Storage, "getItem" | "setItem">;

export function keepQuoteAnswers(seed: QuoteSeed, storage: Store | null, now: number) {
  try {
    // Answers kept from before (a later step's) stay; step 1's are the ones just sent.
    const kept = (JSON.parse(storage?.getItem(QUOTE_DRAFT_KEY) ?? "null") as { values?: object } | null)?.values ?? {};
    storage?.setItem(QUOTE_DRAFT_KEY, JSON.stringify({ savedAt: now, values: { ...kept, ...seed.values } }));
  } catch {
    // Storage refused: the wizard starts again from the screen's fields as carried over.
  }
}

/**
 * Step 1 shown again with its messages (a Next the server refused) is handed over as a Next still
 * to be carried out, when its fields still hold what was refused: the app checks them by its own
 * rules and shows its messages, rather than taking the server's away. Changed since, they wait
 * for the person's own Next.
 */
function holdRefusedNext(seed: QuoteSeed) {
  const form = document.getElementById(FIRST_SCREEN_ID)?.querySelector("form");
  if (!form || seed.step !== 0 || Object.keys(seed.errors).length === 0) return;
  const typed = (name: keyof QuoteSeed["values"]) => (form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null)?.value ?? "";
  if (typed("serviceLocation") !== seed.values.serviceLocation || typed("electricalWork") !== seed.values.electricalWork) return;
  form.querySelector('button[type="submit"]')?.setAttribute("aria-busy", "true");
}

/** The screen goes once the wizard in #root shows the same step, a task later (after React has rendered it). */
function handOverAtStep(seed: QuoteSeed) {
  const { step } = seed;
  const root = document.getElementById("root");
  if (!root) return;
  const atStep = () => root.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow") === String(step + 1) && root.querySelector("form h2");
  const watch = new MutationObserver(() => {
    if (!atStep()) return;
    watch.disconnect();
    setTimeout(() => {
      holdRefusedNext(seed);
      handOverFirstScreen();
    }, 0);
  });
  watch.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-valuenow"] });
}

function deviceStorage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function seedQuote(seed: QuoteSeed) {
  keepQuoteAnswers(seed, deviceStorage(), Date.now());
  // The entry becomes the wizard's step; in Chromium it also stops being a POST, so a reload asks nothing.
  window.history.replaceState({ ...(window.history.state as object | null), quoteStep: seed.step }, "");
  handOverAtStep(seed);
}
