// Fit and figures (docs/decisions/032): notices never hide each other. Up to three show at once, a new one never replaces
// an open one (a fourth waits), and a quiet one (the backup reminder) waits until none is open.
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

  it("when a quiet reminder comes while a notice is open, then it waits, and shows once none is open", async () => {
    const store = await freshStore();
    const claim = store.toast({ title: "Lead claimed" });
    const reminder = store.toast({ title: "Back up your leads" }, { quiet: true });
    expect(store.openToasts().map((t) => t.id)).toEqual([claim]);
    store.dismissToast(claim);
    expect(store.openToasts().map((t) => t.id)).toEqual([reminder]);
  });
});
