// Label + input + the message under it (SPEC.md section 5: "Errors show under fields"),
// wired for screen readers with aria-invalid and aria-describedby.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import { Input } from "./input";
import { FieldError, Label } from "./label";

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(({ label, error, hint, id, className, ...props }, ref) => {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <Label htmlFor={inputId}>{label}</Label>
      <Input ref={ref} id={inputId} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} className="mt-1" {...props} />
      {hint && !error && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      <FieldError id={errorId} message={error} />
    </div>
  );
});
TextField.displayName = "TextField";
