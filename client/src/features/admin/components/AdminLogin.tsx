// The operator admin's login form (docs/product.md sections 2, 5 and 8: both fields required;
// 'Login' / 'Logging in...'; 'Login Failed' / 'Welcome!' toasts).
import { zodResolver } from "@hookform/resolvers/zod";
import { ShieldCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { adminLoginRequest, type AdminLoginRequest } from "@shared/auth";
import { loginFailureMessage, useAdminLogin } from "../api/session";

export function AdminLogin() {
  const login = useAdminLogin();
  const form = useForm<AdminLoginRequest>({ resolver: zodResolver(adminLoginRequest), defaultValues: { username: "", password: "" } });
  const { errors } = form.formState;

  // mutateAsync, not mutate's callbacks: a successful login unmounts this form at once.
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      toast({ title: "Welcome!", description: "Successfully logged in to admin dashboard" });
    } catch (err) {
      // Logged as a warning: a wrong password is expected, not an application error.
      console.warn("Admin login failed:", err instanceof Error ? err.message : err);
      toast({ variant: "destructive", title: "Login Failed", description: loginFailureMessage(err) });
    }
  });

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10">
      <Card className="w-full max-w-sm p-6">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <ShieldCheck className="size-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold">Admin Login</h1>
          <p className="text-sm text-slate-600">
            Operator access to the marketplace dashboard. Sign in with the operator&apos;s username and password, not your account&apos;s.
          </p>
        </div>
        <form method="post" action="/admin" onSubmit={onSubmit} noValidate className="grid gap-4">
          <TextField label="Username" autoComplete="username" autoCapitalize="none" required error={errors.username?.message} {...form.register("username")} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...form.register("password")}
          />
          <Button type="submit" size="lg" disabled={login.isPending}>
            {login.isPending ? "Logging in..." : "Login"}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm">
          <Link href="/" className="font-medium text-brand-700 hover:underline">
            Back to home
          </Link>
        </p>
      </Card>
    </main>
  );
}
