// The callback request form (docs/product.md sections 4, 5 and 8): errors under fields; success
// resets the form, failure keeps the values.
import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, PhoneCall } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { usePublicConfig } from "@/lib/use-public-config";
import { CALLBACK_FORM_DEFAULTS, callbackFormSchema, type CallbackFormInput } from "@shared/callbacks";
import { HONEYPOT_FIELD } from "@shared/honeypot";
import type { z } from "zod";
import { useRequestCallback } from "./api/request-callback";

type CallbackForm = z.output<typeof callbackFormSchema>;

const FIELDS: Array<{ name: keyof CallbackFormInput; label: string; type?: string; autoComplete: string; inputMode?: "tel" | "email"; wide?: boolean }> = [
  { name: "firstName", label: "First name", autoComplete: "given-name" },
  { name: "lastName", label: "Last name", autoComplete: "family-name" },
  { name: "mobile", label: "Mobile number", type: "tel", autoComplete: "tel", inputMode: "tel" },
  { name: "email", label: "Email", type: "email", autoComplete: "email", inputMode: "email" },
  { name: "businessName", label: "Business name", autoComplete: "organization" },
  { name: "area", label: "Service area", autoComplete: "address-level2" },
];

export function CallbackForm() {
  const { sitePhone } = usePublicConfig();
  const mutation = useRequestCallback();
  // The confirmation stays on the page (a notice alone is gone in 5 s; docs/decisions/032).
  const [requested, setRequested] = useState<{ firstName: string; mobile: string } | null>(null);
  const form = useForm<CallbackFormInput, unknown, CallbackForm>({
    resolver: zodResolver(callbackFormSchema),
    defaultValues: CALLBACK_FORM_DEFAULTS,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ area, ...rest }) => {
    try {
      await mutation.mutateAsync({ ...rest, serviceArea: area });
      toast({ title: "Callback Requested!", description: "We'll call you within 24 hours to discuss your application." });
      setRequested({ firstName: rest.firstName, mobile: rest.mobile });
      form.reset(CALLBACK_FORM_DEFAULTS);
    } catch {
      toast({ variant: "destructive", title: "Error", description: `Failed to request callback. Please try again or call ${sitePhone}.` });
    }
  });
  const submitting = mutation.isPending || form.formState.isSubmitting;

  return (
    <form method="post" action="/for-providers" onSubmit={onSubmit} noValidate className="relative grid gap-4 sm:grid-cols-2" aria-label="Request a callback">
      <div role="status" className={requested ? "sm:col-span-2" : "sr-only"}>
        {requested && (
          <p className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900" data-testid="callback-confirmation">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden />
            <span className="min-w-0 break-words">
              <span className="font-semibold">Callback requested.</span> Thanks, {requested.firstName}: we'll call you on {requested.mobile} within 24 hours to
              discuss your application.
            </span>
          </p>
        )}
      </div>
      {FIELDS.map(({ name, label, type, autoComplete, inputMode }) => (
        <FormField key={name} id={`callback-${name}`} label={label} error={errors[name]?.message} className="space-y-1.5">
          {(control) => (
            <Input
              {...control}
              type={type ?? "text"}
              inputMode={inputMode}
              autoComplete={autoComplete}
              placeholder={name === "area" ? "e.g. Western Sydney" : undefined}
              {...form.register(name)}
            />
          )}
        </FormField>
      ))}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="callback-website">Website (leave empty)</label>
        <input id="callback-website" type="text" tabIndex={-1} autoComplete="off" {...form.register(HONEYPOT_FIELD)} />
      </div>
      <Button type="submit" variant="spark" size="lg" disabled={submitting} className="sm:col-span-2">
        <PhoneCall aria-hidden /> {submitting ? "Requesting Callback..." : "Request Callback Now"}
      </Button>
      <p className="text-center text-xs text-slate-500 sm:col-span-2">We'll call you within 24 hours. No obligation, no lock-in.</p>
    </form>
  );
}
