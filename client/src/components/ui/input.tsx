import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cn } from "@/lib/utils";

const field =
  "w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 aria-[invalid=true]:border-red-500";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(({ className, ...props }, ref) => (
  <input ref={ref} className={cn(field, "h-11", className)} {...props} />
));
Input.displayName = "Input";

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(({ className, ...props }, ref) => (
  <textarea ref={ref} className={cn(field, "min-h-24 py-2", className)} {...props} />
));
Textarea.displayName = "Textarea";

interface SelectOption {
  value: string;
  label: string;
}

/** The browser's own select (a phone shows its native picker), sized like an Input; `options`
 * follow any choices written as children (an "All" first). */
export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { options?: readonly SelectOption[] }>(
  ({ className, options, children, ...props }, ref) => (
    <select ref={ref} className={cn("h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base", className)} {...props}>
      {children}
      {options?.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  ),
);
NativeSelect.displayName = "NativeSelect";
