import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { cn } from "@/lib/utils";
import { dismissToast, TOAST_DURATION_MS, useToasts } from "./use-toast";

/** Radix toasts: swipe right to dismiss (50 px), F8 focuses the notice area; up to three stack (use-toast.ts). */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={cn(
            "relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0",
            t.variant === "destructive" ? "border-red-700 bg-red-600 text-white" : "border-slate-200 bg-white text-slate-900",
          )}
        >
          <div className="grid min-w-0 flex-1 gap-1">
            {t.title && <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>}
            {t.description && <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>}
          </div>
          {t.action && (
            // 44 px for a thumb; pressing it closes the notice too.
            <ToastPrimitive.Action
              altText={t.action.altText}
              onClick={t.action.onClick}
              className="-my-1.5 inline-flex min-h-11 shrink-0 items-center rounded-lg border border-slate-300 px-4 text-sm font-semibold hover:bg-slate-100"
            >
              {t.action.label}
            </ToastPrimitive.Action>
          )}
          <ToastPrimitive.Close aria-label="Close" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <X className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Never over the header (docs/decisions/032), several one below the other. On a phone just under the
          header (or a taller sticky bar: notices-below.ts), so no notice covers the first lead's Purchase or a
          sheet's buttons at the foot; from sm up in the foot's right corner (docs/decisions/114-notices-under-the-phone-header.md). */}
      <ToastPrimitive.Viewport className="fixed inset-x-0 top-[var(--notices-top,4rem)] z-[100] flex max-h-[calc(100dvh_-_var(--notices-top,4rem))] w-full flex-col gap-2 p-4 sm:top-auto sm:bottom-0 sm:left-auto sm:max-h-dvh sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}
