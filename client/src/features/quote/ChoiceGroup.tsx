// A radio group drawn as tappable cards: big touch targets on a phone, native radios
// underneath (arrow keys, one tab stop, announced as a group by its legend).
import type { LucideIcon } from "lucide-react";
import { FieldError } from "@/components/ui/label";
import { cn } from "@/lib/utils";

export interface Choice<V extends string> {
  value: V;
  label: string;
  description?: string;
  icon?: LucideIcon;
}

export interface ChoiceGroupProps<V extends string> {
  name: string;
  legend: string;
  hint?: string;
  choices: ReadonlyArray<Choice<V>>;
  value: V | undefined;
  onChange: (value: V) => void;
  error?: string;
  className?: string;
}

export function ChoiceGroup<V extends string>({ name, legend, hint, choices, value, onChange, error, className }: ChoiceGroupProps<V>) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      {hint && <p className="-mt-1 mb-2 text-sm text-slate-500">{hint}</p>}
      <div className={cn("grid gap-2", className)}>
        {choices.map(({ value: v, label, description, icon: Icon }) => (
          <label
            key={v}
            className={cn(
              "flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm transition-colors hover:border-brand-600",
              "has-[input:checked]:border-brand-600 has-[input:checked]:bg-brand-50 has-[input:checked]:ring-1 has-[input:checked]:ring-brand-600",
              "has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600",
            )}
          >
            <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} className="size-4 shrink-0 accent-brand-700" />
            {Icon && <Icon className="size-5 shrink-0 text-brand-700" aria-hidden />}
            <span className="flex flex-col">
              <span className="font-medium text-slate-900">{label}</span>
              {description && <span className="text-xs text-slate-600">{description}</span>}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
