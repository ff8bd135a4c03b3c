import { describe, expect, it } from "vitest";
import { followServer } from "./server-draft";

describe("an input that follows the server", () => {
  it("when the user has not typed and the server value changes, then the input shows the new value", () => {
    expect(followServer({ value: "Old notes", base: "Old notes" }, "Notes from a colleague")).toEqual({
      value: "Notes from a colleague",
      base: "Notes from a colleague",
    });
  });

  it("when the user has typed, then a new server value does not overwrite it", () => {
    expect(followServer({ value: "My unsaved notes", base: "Old notes" }, "Notes from a colleague")).toEqual({
      value: "My unsaved notes",
      base: "Notes from a colleague",
    });
  });

  it("when a save was accepted as typed, then the server's formatted amount replaces it", () => {
    expect(followServer({ value: "850", base: "850" }, "850.00")).toEqual({ value: "850.00", base: "850.00" });
  });

  it("when nothing changed, then the same draft comes back (no re-render loop)", () => {
    const draft = { value: "x", base: "y" };
    expect(followServer(draft, "y")).toBe(draft);
  });
});
