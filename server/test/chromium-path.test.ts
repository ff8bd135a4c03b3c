// The browser tests' Chromium on a fresh machine (docs/decisions/075-limits-and-edges.md): either
// Debian build stands in for the other, and with none the message is the one install line.
import { describe, expect, it } from "vitest";
import { CHROMIUM_INSTALL, chromiumExecutable } from "./chromium-path";

const only =
  (...present: string[]) =>
  (path: string) =>
    present.includes(path);
const SHELL = "/usr/bin/chromium-headless-shell";
const FULL = "/usr/bin/chromium";

describe("the browser tests' Chromium", () => {
  it("when both builds are installed, then each journey gets the one it asks for", () => {
    expect(chromiumExecutable("shell", {}, only(SHELL, FULL))).toBe(SHELL);
    expect(chromiumExecutable("full", {}, only(SHELL, FULL))).toBe(FULL);
  });

  it("when only one build is installed, then it serves both", () => {
    expect(chromiumExecutable("shell", {}, only(FULL))).toBe(FULL);
    expect(chromiumExecutable("full", {}, only(SHELL))).toBe(SHELL);
  });

  it("when a path is set, then it is the one looked for first", () => {
    expect(chromiumExecutable("shell", { CHROMIUM_SHELL_PATH: "/opt/shell" }, only("/opt/shell", SHELL))).toBe("/opt/shell");
  });

  it("when none is installed, then the error gives the one apt-get line to run", () => {
    expect(() => chromiumExecutable("shell", {}, only())).toThrow(CHROMIUM_INSTALL);
  });
});
