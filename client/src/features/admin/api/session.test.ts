import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";

const toast = vi.fn();
vi.mock("@/components/ui/use-toast", () => ({ toast }));
const { ADMIN_TOKEN_KEY, adminJson, setAdminToken } = await import("./admin-client");
const { loginFailureMessage } = await import("./session");

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  };
}

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("the admin session in the browser", () => {
  beforeEach(() => {
    vi.stubGlobal("localStorage", memoryStorage());
    toast.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("when several admin calls find the token expired at once, then it is forgotten and 'Session expired' shows once", async () => {
    setAdminToken("old-token");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(401, { message: "Admin sign-in required" })),
    );
    const calls = await Promise.allSettled([
      adminJson("GET", "/api/admin/analytics"),
      adminJson("GET", "/api/admin/providers"),
      adminJson("GET", "/api/admin/leads"),
    ]);
    expect(calls.every((c) => c.status === "rejected")).toBe(true);
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({ variant: "destructive", title: "Session expired", description: "Please log in again." });
  });

  it("when a call made with an old token fails after a new login, then the new token stays", async () => {
    setAdminToken("old-token");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        setAdminToken("new-token"); // the operator logged in again while the call was out
        return answer(401, { message: "Admin sign-in required" });
      }),
    );
    await expect(adminJson("GET", "/api/admin/analytics")).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBe("new-token");
    expect(toast).not.toHaveBeenCalled();
  });

  it("when logging out with a token that already expired, then it is forgotten without a warning", async () => {
    setAdminToken("old-token");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(401, { message: "Admin sign-in required" })),
    );
    await expect(adminJson("POST", "/api/admin/logout", undefined, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });

  it("when an admin call fails for another reason, then the session is kept", async () => {
    setAdminToken("good-token");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(500, { message: "Internal server error" })),
    );
    await expect(adminJson("GET", "/api/admin/analytics")).rejects.toThrow("Internal server error");
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBe("good-token");
    expect(toast).not.toHaveBeenCalled();
  });
});

describe("loginFailureMessage", () => {
  it("when the server refuses the credentials (401), then it says they are wrong", () => {
    expect(loginFailureMessage(new ApiError(401, "Invalid credentials"))).toBe("Invalid username or password");
  });

  it("when the server throttles or fails, then its own message shows, not a wrong-password claim", () => {
    expect(loginFailureMessage(new ApiError(429, "Too many login attempts. Please try again later."))).toBe("Too many login attempts. Please try again later.");
    expect(loginFailureMessage(new ApiError(503, "Service Unavailable"))).toBe("Service Unavailable");
  });

  it("when the server cannot be reached, then it says so", () => {
    expect(loginFailureMessage(new TypeError("Failed to fetch"))).toMatch(/could not reach the server/i);
  });
});
