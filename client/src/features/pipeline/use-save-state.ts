import { useEffect, useState } from "react";

export type SaveState = "idle" | "saving" | "saved" | "error";

/** docs/product.md section 4: the Save button shows saved for 2 s or error for 3 s, then idle again. */
export function useSaveState() {
  const [state, setState] = useState<SaveState>("idle");
  useEffect(() => {
    if (state !== "saved" && state !== "error") return;
    const timer = setTimeout(() => setState("idle"), state === "saved" ? 2000 : 3000);
    return () => clearTimeout(timer);
  }, [state]);
  return [state, setState] as const;
}
