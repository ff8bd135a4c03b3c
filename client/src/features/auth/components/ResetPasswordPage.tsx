import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, LockKeyhole } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useSearch } from "wouter";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { usePageMeta } from "@/lib/seo";
import { resetPasswordRequest, type ResetPasswordRequest } from "@shared/auth";
import { useResetPassword } from "../api/reset-password";
import { AuthLayout, type AuthFooterLink } from "./AuthLayout";

/** docs/product.md section 9: redirect to login 3000 ms after a reset. */
export const REDIRECT_AFTER_RESET_MS = 3000;

const backToLogin: AuthFooterLink = { href: "/login", label: "Back to Login" };

export function ResetPasswordPage() {
  usePageMeta({ title: "Reset Password", description: "Choose a new password for your electrician account.", path: "/auth/reset-password", noIndex: true });
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const form = useForm<ResetPasswordRequest>({ resolver: zodResolver(resetPasswordRequest), defaultValues: { token, password: "", confirmPassword: "" } });
  const { errors } = form.formState;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate("/login"), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(values, {
      onSuccess: () => {
        setDone(true);
        toast({ title: "Password reset successful", description: "Your password has been updated. You can now login with your new password." });
      },
    }),
  );

  if (done) {
    return (
      <AuthLayout icon={<CheckCircle2 />} title="Password Reset Successful" description="Redirecting to login page in a few seconds..." footer={backToLogin}>
        <Button asChild size="lg" className="w-full">
          <Link href="/login">Go to Login</Link>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout icon={<LockKeyhole />} title="Reset Password" description="Choose a new password for your account." footer={backToLogin}>
      <form method="post" action="/auth/reset-password" onSubmit={onSubmit} noValidate className="grid gap-4">
        {!token && <Alert variant="destructive">Invalid or missing reset token</Alert>}
        {reset.error && <Alert variant="destructive">{reset.error.message || "Failed to reset password"}</Alert>}
        <TextField label="New Password" type="password" autoComplete="new-password" error={errors.password?.message} {...form.register("password")} />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register("confirmPassword")}
        />
        <Button type="submit" size="lg" disabled={!token || reset.isPending}>
          {reset.isPending ? "Updating..." : "Update Password"}
        </Button>
      </form>
    </AuthLayout>
  );
}
