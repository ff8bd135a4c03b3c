// One test value on the card's "Test results" (docs/decisions/103-test-records.md): its input with
// its unit and a numeric keypad on a phone, and its mark against the limit as it is typed.
import { Check, Minus, X } from "lucide-react";
import type { CheckResult } from "@shared/test-limits";
import type { TestCheck } from "@shared/test-records";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** What a value shows under it: its check, "Enter a number", or the rule it breaks (a live test before the dead ones). */
export interface Mark {
  check?: TestCheck;
  notANumber?: boolean;
  problem?: string;
}

const TONE: Record<CheckResult, string> = { pass: "text-green-800", fail: "text-red-700", missing: "text-slate-500" };
const WORD: Record<CheckResult, string> = { pass: "Pass", fail: "Fail", missing: "To test" };

export function ValueMark({ id, mark }: { id: string; mark: Mark }) {
  if (mark.problem || mark.notANumber) {
    return (
      <p id={id} role="alert" className="mt-1 text-sm text-red-700">
        {mark.problem ?? "Enter a number"}
      </p>
    );
  }
  if (!mark.check) return null;
  const { result, limit } = mark.check;
  const Icon = result === "pass" ? Check : result === "fail" ? X : Minus;
  return (
    <p id={id} className={cn("mt-1 flex items-center gap-1 text-sm", TONE[result])} data-result={result}>
      <Icon className="size-4 shrink-0" aria-hidden /> {WORD[result]} · {limit}
    </p>
  );
}

export function ReadingInput(props: { id: string; label: string; unit: string; value: string; onChange: (v: string) => void; mark: Mark }) {
  const { id, label, unit, value, onChange, mark } = props;
  return (
    <div className="min-w-0">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={mark.check?.result === "fail" || mark.notANumber || !!mark.problem}
          aria-describedby={`${id}-mark`}
          className="min-w-0 flex-1"
        />
        <span className="w-9 shrink-0 text-sm text-slate-600">{unit}</span>
      </div>
      <ValueMark id={`${id}-mark`} mark={mark} />
    </div>
  );
}

/** A yes/no answer (polarity, connections) as two 44 px buttons. */
export function YesNoInput(props: { id: string; label: string; value: "" | "yes" | "no"; onChange: (v: "yes" | "no") => void; mark: Mark }) {
  const { id, label, value, onChange, mark } = props;
  return (
    <div className="min-w-0">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {label}
      </p>
      <div role="radiogroup" aria-labelledby={`${id}-label`} aria-describedby={`${id}-mark`} className="flex gap-2">
        {(["yes", "no"] as const).map((v) => (
          <button
            key={v}
            type="button"
            role="radio"
            aria-checked={value === v}
            onClick={() => onChange(v)}
            className={cn(
              "h-11 min-w-16 rounded-lg border px-4 text-sm font-semibold",
              value === v ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-300 bg-white text-slate-700",
            )}
          >
            {v === "yes" ? "Yes" : "No"}
          </button>
        ))}
      </div>
      <ValueMark id={`${id}-mark`} mark={mark} />
    </div>
  );
}
