// The one field of every form: label, control and the message under it (docs/product.md section 5:
// "Errors show under fields"), wired for screen readers with aria-invalid and
// aria-describedby. The control is the caller's (input, textarea, select, address search):
// FormField hands it the id and aria props it must carry, so the wiring lives here alone.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import { Input } from "./input";
import { FieldError, Label } from "./label";

/** What the control inside a field carries: the label's target and the link to its error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function FormField({ label, error, hint, id, className, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = `${controlId}-error`;
  return (
    <div className={className}>
      <Label htmlFor={controlId}>{label}</Label>
      {children({ id: controlId, "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined })}
      {hint && !error && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** The common case: a FormField around one Input. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(({ label, error, hint, id, className, ...props }, ref) => (
  <FormField label={label} error={error} hint={hint} id={id} className={className}>
    {(control) => <Input ref={ref} {...control} className="mt-1" {...props} />}
  </FormField>
));
TextField.displayName = "TextField";
