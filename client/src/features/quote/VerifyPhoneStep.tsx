// After the last wizard step (docs/decisions/034): the customer confirms their mobile with the 6-digit
// SMS code. The quote is already on sale; a confirmed mobile adds the 'Mobile verified' badge
// electricians see. Skipping is fine and leads to the same success page. A mistyped mobile is
// changed here: back to the number, and the request goes again to the corrected one
// (docs/decisions/086-one-promise-one-address-quiet-sign-out.md).
import { MessageSquareText, RotateCw } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { lazyResolver } from "@/lib/lazy-resolver";
import { formatAustralianPhone } from "@shared/phone";
import { useResendCode, useVerifyPhone } from "./api/verify-phone";

interface CodeForm {
  code: string;
}

const codeResolver = lazyResolver<CodeForm, CodeForm>(async () => {
  const [{ zodResolver }, { verifyPhoneRequest }] = await Promise.all([import("@hookform/resolvers/zod"), import("@shared/leads")]);
  return zodResolver(verifyPhoneRequest.pick({ code: true }));
});

export interface PendingVerification {
  verification: string;
  /** National digits of the mobile the code went to. */
  phone: string;
  /** Outside production with SMS_PROVIDER=log only: the code, shown like the instant reset link. */
  devCode?: string;
}

export function VerifyPhoneStep({
  pending,
  onDone,
  onChangeNumber,
}: {
  pending: PendingVerification;
  onDone: (verified: boolean) => void;
  onChangeNumber: () => void;
}) {
  const [devCode, setDevCode] = useState(pending.devCode);
  const [notice, setNotice] = useState<string | null>(null);
  const verify = useVerifyPhone();
  const resend = useResendCode();
  const form = useForm<CodeForm, unknown, CodeForm>({ resolver: codeResolver, defaultValues: { code: "" } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ code }) => {
    setNotice(null);
    try {
      await verify.mutateAsync({ verification: pending.verification, code });
      onDone(true);
    } catch (err) {
      form.setError("code", { message: err instanceof ApiError ? (err.errors?.code ?? err.message) : "Could not check the code. Please try again." });
    }
  });

  const sendAgain = async () => {
    form.clearErrors("code");
    setNotice(null);
    try {
      const sent = await resend.mutateAsync(pending.verification);
      setDevCode(sent.devCode);
      form.reset({ code: "" });
      setNotice("A new code is on its way. The old one no longer works.");
    } catch (err) {
      form.setError("code", { message: err instanceof ApiError ? err.message : "Could not send a new code. Please try again." });
    }
  };

  return (
    <section aria-labelledby="verify-heading" className="mt-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">
      <div className="flex items-start gap-3">
        <MessageSquareText className="mt-1 size-6 shrink-0 text-brand-700" aria-hidden />
        <div className="min-w-0">
          <h2 id="verify-heading" className="text-lg font-bold text-slate-900">
            Confirm your mobile
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Your quote request is in. We sent a 6-digit code to <strong className="whitespace-nowrap">{formatAustralianPhone(pending.phone)}</strong>.
            Electricians see that customers who confirm are real, so they call back sooner.
          </p>
          <Button type="button" variant="link" className="-ml-3 min-h-11 px-3" onClick={onChangeNumber}>
            Wrong number? Change it
          </Button>
        </div>
      </div>
      <form method="post" action="/get-quote" onSubmit={submit} onFocus={codeResolver.preload} noValidate className="mt-5 space-y-4">
        <FormField id="verify-code" label="6-digit code" error={errors.code?.message} hint="The code works for 10 minutes." className="space-y-1.5">
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={11}
              className="block max-w-48 text-center font-mono text-xl tracking-[0.3em]"
              {...form.register("code")}
            />
          )}
        </FormField>
        {devCode && (
          <p className="rounded-lg border border-dashed border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="dev-code">
            Development only (no SMS is sent): your code is <strong className="font-mono">{devCode}</strong>
          </p>
        )}
        {notice && (
          <p className="text-sm text-green-800" role="status">
            {notice}
          </p>
        )}
        <div className="flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="spark" className="min-w-32" disabled={verify.isPending}>
              {verify.isPending ? "Checking..." : "Confirm"}
            </Button>
            <Button type="button" variant="outline" onClick={() => void sendAgain()} disabled={resend.isPending}>
              <RotateCw aria-hidden /> {resend.isPending ? "Sending..." : "Send a new code"}
            </Button>
          </div>
          <Button type="button" variant="ghost" onClick={() => onDone(false)}>
            Skip for now
          </Button>
        </div>
      </form>
    </section>
  );
}
