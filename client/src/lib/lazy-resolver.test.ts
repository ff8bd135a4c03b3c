import { zodResolver } from "@hookform/resolvers/zod";
import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { loginRequest, type LoginRequest } from "@shared/auth";
import { AUTH_MESSAGES } from "@shared/auth-messages";
import { lazyResolver } from "./lazy-resolver";

const OPTIONS: ResolverOptions<LoginRequest> = { fields: {}, shouldUseNativeValidation: false };

describe("form validation loaded on first use", () => {
  it("when nothing has validated yet, then nothing is loaded; the first validation loads once and answers as the schema does", async () => {
    const load = vi.fn(async () => zodResolver(loginRequest));
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    const empty = await resolver({ username: "", password: "" }, undefined, OPTIONS);
    expect(empty.errors.username?.message).toBe(AUTH_MESSAGES.usernameRequired);
    const filled = await resolver({ username: "  sam ", password: "secret" }, undefined, OPTIONS);
    expect(filled.values).toEqual({ username: "sam", password: "secret" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("when the form is focused, then the download starts before any validation, and only once", async () => {
    const load = vi.fn(async () => zodResolver(loginRequest));
    const resolver = lazyResolver(load);
    resolver.preload();
    resolver.preload();
    await resolver({ username: "sam", password: "secret" }, undefined, OPTIONS);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("when the download fails, then that validation fails and the next one tries again", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(zodResolver(loginRequest));
    const resolver = lazyResolver<LoginRequest, LoginRequest>(load);
    await expect(resolver({ username: "", password: "" }, undefined, OPTIONS)).rejects.toThrow("offline");
    const retried = await resolver({ username: "", password: "" }, undefined, OPTIONS);
    expect(retried.errors.password?.message).toBe(AUTH_MESSAGES.passwordRequired);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
