import type { ReactNode } from "react";
import { FieldError, Label } from "@/components/ui/label";

/** Label, control and the message under it, wired for screen readers. */
export function FormField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export const selectClass = "h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base";
