// Fit and figures (docs/decisions/032): notices never hide each other. Up to three show at once, a new one never replaces
// an open one (a fourth waits).
import { afterEach, describe, expect, it, vi } from "vitest";

async function freshStore() {
  vi.resetModules();
  vi.useFakeTimers();
  return import("./use-toast");
}

afterEach(() => vi.useRealTimers());

describe("the notice store", () => {
  it("when a claim confirmation follows an open reminder, then both stay open", async () => {
    const store = await freshStore();
    const reminder = store.toast({ title: "Back up your leads" });
    const claim = store.toast({ title: "Lead claimed" });
    expect(store.openToasts().map((t) => t.id)).toEqual([claim, reminder]);
  });

  it("when three are open, then a fourth waits and shows as soon as one closes", async () => {
    const store = await freshStore();
    const ids = [1, 2, 3].map((n) => store.toast({ title: `n${n}` }));
    const fourth = store.toast({ title: "n4" });
    expect(store.openToasts()).toHaveLength(store.TOAST_LIMIT);
    expect(store.openToasts().map((t) => t.id)).not.toContain(fourth);
    store.dismissToast(ids[0]!);
    expect(store.openToasts().map((t) => t.id)).toContain(fourth);
    expect(store.openToasts()).toHaveLength(3);
  });

  it("when a dialog opens over four notices (three open, one waiting), then all go and none shows after", async () => {
    const store = await freshStore();
    [1, 2, 3, 4].forEach((n) => store.toast({ title: `n${n}` }));
    store.dismissAllToasts();
    expect(store.openToasts()).toEqual([]);
    vi.runAllTimers();
    expect(store.openToasts()).toEqual([]);
  });
});
