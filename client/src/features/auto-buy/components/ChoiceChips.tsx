// Several choices as chips a thumb can hit (44 px), each around a real checkbox: none ticked means "any".
import type { ChoiceOption } from "@shared/labels";
import { FieldError } from "@/components/ui/label";

export function ChoiceChips({
  legend,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: readonly ChoiceOption[];
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const toggle = (option: string, on: boolean) => onChange(on ? [...value, option] : value.filter((v) => v !== option));
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">
        {legend} <span className="font-normal text-slate-500">(none ticked: any)</span>
      </legend>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900"
          >
            <input
              type="checkbox"
              className="size-4 shrink-0 accent-brand-700"
              checked={value.includes(option.value)}
              onChange={(e) => toggle(option.value, e.target.checked)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError message={error} />
    </fieldset>
  );
}
