import { LogIn } from "lucide-react";
import { Link, Redirect, useLocation, useSearch } from "wouter";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { useCurrentUser } from "@/lib/auth";
import { lazySchema, useCheckedForm } from "@/lib/checked-form";
import { usePageMeta } from "@/lib/seo";
import type { LoginRequest } from "@shared/auth";
import { signInFailureMessage } from "@shared/auth-messages";
import { PAGE_LEAVING_ATTRIBUTE } from "@shared/page-leaving";
import { homePathFor } from "@shared/policy";
import { useLogin } from "../api/login";
import { AuthLayout } from "./AuthLayout";

// Two fields, checked without a form library: react-hook-form was 13.6 kB of this landing page
// (docs/decisions/121-sign-in-without-a-form-library.md).
const loginSchema = lazySchema(async () => (await import("@shared/auth")).loginRequest);

export function LoginPage() {
  usePageMeta({ title: "Electrician Sign In", description: "Sign in to your electrician dashboard to buy leads and manage your jobs.", path: "/login" });
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const login = useLogin();
  // The server's answer to this form when it was sent before the app was ready (docs/decisions/036).
  const failedBefore = signInFailureMessage(new URLSearchParams(useSearch()).get("failed"));
  const form = useCheckedForm({
    schema: loginSchema,
    onValid: (values: LoginRequest) =>
      login.mutate(values, {
        onSuccess: (signedIn) => {
          toast({ title: "Login successful", description: "Welcome back!" });
          navigate(homePathFor(signedIn), { replace: true });
        },
      }),
    // No schema (offline, or its chunk gone with a new release): the form goes to the server as it
    // would before the app, which checks it and signs in (docs/decisions/036); the page is being left.
    onUnchecked: (sent) => {
      document.documentElement.setAttribute(PAGE_LEAVING_ATTRIBUTE, "");
      HTMLFormElement.prototype.submit.call(sent);
    },
  });
  const failure = login.error ? login.error.message || "Login failed" : failedBefore;

  // Signed in already (or just now): providers, team members and super admins to the dashboard, anyone else home.
  if (user) return <Redirect to={homePathFor(user)} replace />;

  return (
    <AuthLayout
      icon={<LogIn />}
      title="Electrician Sign In"
      description="Sign in to buy leads and manage your jobs."
      footer={{ prompt: "New to Aussie Electricians?", href: "/signup", label: "Sign up as electrician" }}
    >
      {/* data-server-answers: before the app is ready the form is sent as it is, and the server signs in (server/features/auth/login-form.ts). */}
      <form
        method="post"
        action="/login"
        data-server-answers=""
        onSubmit={form.onSubmit}
        onInput={form.onInput}
        onFocus={form.onFocus}
        noValidate
        className="grid gap-4"
      >
        {failure && <Alert variant="destructive">{failure}</Alert>}
        <TextField label="Username or email" autoComplete="username" autoCapitalize="none" name="username" error={form.errors.username} />
        <TextField label="Password" type="password" autoComplete="current-password" name="password" error={form.errors.password} />
        <div className="-mt-1 text-right text-sm">
          <Link href="/auth/forgot-password" className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={login.isPending}>
          {login.isPending ? "Signing in..." : "Sign In"}
        </Button>
      </form>
    </AuthLayout>
  );
}
