// The app's side of the server's first screen (docs/decisions/092-first-screen-from-the-server.md):
// the answers the screen was rendered from, and the hand-over once the app's own screen is ready.
import { FIRST_SCREEN_DATA_ID, FIRST_SCREEN_HELD_LEAD, FIRST_SCREEN_ID, type FirstScreenSeed } from "@shared/first-screen";

/** The seed the server wrote beside its screen, or null on any other page. */
export function firstScreenSeed(): FirstScreenSeed | null {
  if (!document.getElementById(FIRST_SCREEN_ID)) return null;
  const text = document.getElementById(FIRST_SCREEN_DATA_ID)?.textContent;
  try {
    return text ? (JSON.parse(text) as FirstScreenSeed) : null;
  } catch {
    return null;
  }
}

/**
 * The server's clock minus this browser's, from when the page's HTML arrived rather than now:
 * the app may start seconds after the server wrote its time.
 */
export function firstScreenClockOffset(serverTime: string) {
  const navigation = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  const receivedAt = performance.timeOrigin + (navigation?.responseStart ?? performance.now());
  return Date.parse(serverTime) - receivedAt;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/**
 * The fields a person can fill, each with its place among the fields of its kind, in page order:
 * the server's screen and the app's are renders of the same components with the same answers, but
 * the app may show more by then (a lazy part's file picker), so a field is matched by its kind.
 */
function fieldsOf(within: Element) {
  const seen = new Map<string, number>();
  const fields = new Map<string, Field>();
  for (const field of within.querySelectorAll<Field>("input, textarea, select")) {
    if (field.type === "hidden" || field.type === "file") continue;
    const kind = [field.tagName, field.type, field.getAttribute("name"), field.getAttribute("autocomplete"), field.getAttribute("maxlength")].join("|");
    const place = seen.get(kind) ?? 0;
    seen.set(kind, place + 1);
    fields.set(`${kind}#${place}`, field);
  }
  return fields;
}

/**
 * What was typed or chosen in the server's screen goes into the app's field in the same place,
 * as typing would (React first notes an empty value through its own setter, then the text goes
 * in through the browser's, which it does not watch, and an input event reports it, as the
 * early-input script does: server/platform/http/early-input.ts), and the focus with it, so the
 * next key lands there.
 */
function carryFields(from: Element, to: Element) {
  const after = fieldsOf(to);
  for (const [key, field] of fieldsOf(from)) {
    const target = after.get(key);
    if (!target) continue;
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      if (field.checked !== field.defaultChecked && (target as HTMLInputElement).checked !== field.checked) (target as HTMLInputElement).click();
    } else if (field.value !== (field instanceof HTMLSelectElement ? target.value : field.defaultValue)) {
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target), "value")?.set;
      target.value = "";
      setter?.call(target, field.value);
      target.dispatchEvent(new Event(target instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
    }
    if (document.activeElement === field) target.focus();
  }
}

/** Each form with its place among the forms of its kind (its test id, or none), as fields are matched. */
function formsOf(within: Element) {
  const seen = new Map<string, number>();
  return [...within.querySelectorAll("form")].map((form) => {
    const kind = form.dataset.testid ?? "";
    const place = seen.get(kind) ?? 0;
    seen.set(kind, place + 1);
    return { key: `${kind}#${place}`, form };
  });
}

/** A submit held while the server's screen was up (the early-input script marks its button busy) is carried out in the app's form in the same place, with its button. */
function heldSubmit(from: Element, to: Element) {
  // A held tap's button (data-held-tap) is busy too, but it is the script's to give back, not a submit.
  const held = formsOf(from).find(({ form }) => form.querySelector('[aria-busy="true"]:not([data-held-tap])'));
  const target = held && formsOf(to).find(({ key }) => key === held.key)?.form;
  if (!target) return null;
  return () => {
    const button = target.querySelector<HTMLButtonElement>('button[type="submit"], button:not([type])');
    target.requestSubmit(button ?? undefined);
  };
}

/**
 * The app's screen in place of the server's: #root shows with what the person typed there, the
 * server's screen goes. Returns the lead whose purchase confirmation was open (tapped before
 * the app was ready), for the app to open its own; null otherwise, and on every later call.
 */
export function handOverFirstScreen(): number | null {
  const screen = document.getElementById(FIRST_SCREEN_ID);
  const root = document.getElementById("root");
  if (!screen || !root) return null;
  let open: Element | null = null;
  try {
    open = screen.querySelector(`[${FIRST_SCREEN_HELD_LEAD}]:popover-open`);
  } catch {
    // A browser without popovers never opened one.
  }
  const held = open ? Number(open.getAttribute(FIRST_SCREEN_HELD_LEAD)) : null;
  const submit = heldSubmit(screen, root);
  root.removeAttribute("hidden");
  carryFields(screen, root);
  screen.remove();
  // What measured itself while #root was hidden (a tab strip's width, say) measures again.
  window.dispatchEvent(new Event("resize"));
  document.getElementById(FIRST_SCREEN_DATA_ID)?.remove();
  // A task later, once React has rendered what was carried over.
  if (submit) setTimeout(submit, 0);
  return held !== null && Number.isSafeInteger(held) && held > 0 ? held : null;
}

/** The path the server's screen was rendered for, while it is on screen. */
export const firstScreenPath = () => document.getElementById(FIRST_SCREEN_ID)?.dataset.path ?? null;
