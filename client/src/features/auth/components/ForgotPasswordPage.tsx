import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, MailCheck, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { usePageMeta } from "@/lib/seo";
import { forgotPasswordRequest, type ForgotPasswordRequest } from "@shared/auth";
import { useForgotPassword } from "../api/forgot-password";
import { AuthLayout, type AuthFooterLink } from "./AuthLayout";

/** "http://host/auth/reset-password?token=x" → "/auth/reset-password?token=x" (docs/product.md section 2, Forgot password: origin stripped). */
export function resetLinkPath(resetUrl: string): string {
  try {
    const url = new URL(resetUrl, window.location.origin);
    return url.pathname + url.search;
  } catch {
    return resetUrl;
  }
}

const backToLogin: AuthFooterLink = { href: "/login", label: "Back to Login" };

export function ForgotPasswordPage() {
  usePageMeta({ title: "Forgot Password", description: "Reset the password of your electrician account.", path: "/auth/forgot-password", noIndex: true });
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<{ email: string; resetUrl?: string } | null>(null);
  const form = useForm<ForgotPasswordRequest>({ resolver: zodResolver(forgotPasswordRequest), defaultValues: { email: "" } });

  const onSubmit = form.handleSubmit((values) =>
    forgot.mutate(values, {
      onSuccess: (res) => {
        setSent({ email: values.email, resetUrl: res.resetUrl });
        // The same words whether or not the account exists (docs/decisions/032).
        toast({ title: "Reset email sent", description: "Check your email for password reset instructions." });
      },
    }),
  );

  if (sent) {
    // One first screen for known and unknown addresses (docs/decisions/032): only below it, in
    // development, the instant-reset block may follow when the server sent a link.
    return (
      <AuthLayout
        icon={<MailCheck />}
        title="Check Your Email"
        description={`If an account exists for ${sent.email}, we've sent password reset instructions to it.`}
        footer={backToLogin}
      >
        <div className="grid gap-4">
          <p className="text-center text-sm text-slate-600">Can't see it? Check your spam or junk folder. The link expires in 1 hour.</p>
          <Button variant="outline" onClick={() => setSent(null)}>
            Try Different Email
          </Button>
          {sent.resetUrl && (
            <section aria-label="Development reset link" className="rounded-xl border-2 border-spark-400 bg-spark-300/20 p-4 text-center">
              <p className="flex items-center justify-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
                <ShieldCheck className="size-4" aria-hidden /> Development mode
              </p>
              <p className="mt-1 font-semibold text-slate-900">Email not received? Use instant reset</p>
              <Button asChild size="lg" className="mt-3 w-full">
                <Link href={resetLinkPath(sent.resetUrl)}>Reset Your Password Now</Link>
              </Button>
              <p className="mt-2 text-xs text-slate-600">Secure link expires in 1 hour</p>
            </section>
          )}
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      icon={<KeyRound />}
      title="Forgot Password"
      description="Enter the email of your account and we'll send you a link to reset your password."
      footer={backToLogin}
    >
      <form method="post" action="/auth/forgot-password" onSubmit={onSubmit} noValidate className="grid gap-4">
        {forgot.error && <Alert variant="destructive">{forgot.error.message || "Failed to send reset email"}</Alert>}
        <TextField label="Email" type="email" autoComplete="email" error={form.formState.errors.email?.message} {...form.register("email")} />
        <Button type="submit" size="lg" disabled={forgot.isPending}>
          {forgot.isPending ? "Sending..." : "Send Reset Instructions"}
        </Button>
      </form>
    </AuthLayout>
  );
}
