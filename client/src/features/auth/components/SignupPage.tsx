import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, UserPlus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useSearch } from "wouter";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { useSetCurrentUser } from "@/lib/auth";
import { usePageMeta } from "@/lib/seo";
import { providerSignupForm, type CurrentUser, type ProviderSignupForm, type ProviderSignupFormInput } from "@shared/auth";
import { LICENCE_STATE_NAMES, LICENCE_STATES } from "@shared/vetting";
import { addDays, sydneyDayKey } from "@shared/sydney-time";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { formatAustralianPhone } from "@shared/phone";
import { useInvitation } from "../api/invitation";
import { useProviderSignup } from "../api/provider-signup";
import { AuthLayout } from "./AuthLayout";

/** How long the success view shows before the dashboard opens on its own. */
const SUCCESS_REDIRECT_MS = 1500;
const FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "companyName",
  "username",
  "password",
  "licenceNumber",
  "licenceState",
  "licenceExpiry",
  "abn",
] as const;
const STATE_OPTIONS = LICENCE_STATES.map((s) => ({ value: s, label: `${s} · ${LICENCE_STATE_NAMES[s]}` }));

export function SignupPage() {
  usePageMeta({
    title: "Create Your Electrician Account",
    description: "Sign up as a licensed electrician: leads from $40, no subscription, no lock-in contract.",
    path: "/signup",
  });
  const [, navigate] = useLocation();
  const setCurrentUser = useSetCurrentUser();
  const signup = useProviderSignup();
  const [created, setCreated] = useState<{ user: CurrentUser; invited: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const form = useForm<ProviderSignupFormInput, unknown, ProviderSignupForm>({
    resolver: zodResolver(providerSignupForm),
    defaultValues: {
      firstName: "",
      lastName: "",
      email: "",
      phone: "",
      companyName: "",
      username: "",
      password: "",
      licenceNumber: "",
      // No state until one is chosen: the select starts on its "Choose" line.
      licenceState: "" as ProviderSignupFormInput["licenceState"],
      licenceExpiry: "",
      abn: "",
    },
  });
  const { errors } = form.formState;
  useEffect(() => () => clearTimeout(timer.current), []);
  // An approved callback's link (/signup?invitation=...) prefills the form (docs/decisions/014).
  const invitationToken = new URLSearchParams(useSearch()).get("invitation");
  const invitation = useInvitation(invitationToken);
  useEffect(() => {
    const prefill = invitation.data;
    if (!prefill) return;
    for (const field of ["firstName", "lastName", "email", "phone", "companyName"] as const) {
      if (!form.getValues(field)) form.setValue(field, field === "phone" ? formatAustralianPhone(prefill.phone) : prefill[field]);
    }
  }, [invitation.data, form]);

  // The server has already signed the new provider in; storing the user switches the app
  // to the signed-in route table, so it happens together with the move (docs/product.md section 2).
  const enter = (user: CurrentUser, path: string) => {
    clearTimeout(timer.current);
    navigate(path);
    setCurrentUser(user);
  };

  const onSubmit = form.handleSubmit((values) =>
    signup.mutate(invitation.data && invitationToken ? { ...values, invitationToken } : values, {
      onSuccess: (user) => {
        setCreated({ user, invited: Boolean(invitation.data && invitationToken) });
        timer.current = setTimeout(() => enter(user, "/dashboard"), SUCCESS_REDIRECT_MS);
      },
      onError: (err) => {
        // A taken username or email is shown under its field as well.
        if (err instanceof ApiError && err.errors) {
          for (const field of FIELDS) if (err.errors[field]) form.setError(field, { message: err.errors[field] });
        }
        const fieldErrors = err instanceof ApiError && err.errors && FIELDS.some((f) => err.errors?.[f]);
        toast({
          variant: "destructive",
          title: "Error",
          description: fieldErrors ? "Please check the highlighted fields." : "Failed to create account. Please try again.",
        });
      },
    }),
  );

  if (created) {
    const { user } = created;
    return (
      <AuthLayout
        icon={<CheckCircle2 />}
        title="Account Created!"
        description={
          created.invited
            ? `Welcome aboard, ${user.firstName ?? user.username}. Taking you to your dashboard...`
            : `Welcome aboard, ${user.firstName ?? user.username}. We check your licence within one business day; meanwhile your dashboard shows the leads near you.`
        }
      >
        <div className="grid gap-3">
          <Button size="lg" onClick={() => enter(user, "/dashboard")}>
            Go to Dashboard
          </Button>
          <Button variant="outline" size="lg" onClick={() => enter(user, "/")}>
            Back to Home
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      icon={<UserPlus />}
      title="Create Your Account"
      description="Join the network of licensed electricians. Leads from $40, no monthly fees."
      footer={{ prompt: "Already have an account?", href: "/login", label: "Sign in" }}
    >
      <form method="post" action="/signup" onSubmit={onSubmit} noValidate className="grid gap-4">
        {invitation.data && (
          <Alert variant="success" title="You're invited!">
            We've filled in the details from your callback. Choose a username and password to finish.
          </Alert>
        )}
        {invitation.isError && (
          <Alert variant="destructive" title="Invitation link not valid">
            <p>{invitation.error.message}</p>
            <p>You can still create an account below.</p>
          </Alert>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...form.register("firstName")} />
          <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...form.register("lastName")} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register("email")} />
        <TextField label="Phone" type="tel" autoComplete="tel" inputMode="tel" error={errors.phone?.message} {...form.register("phone")} />
        <TextField label="Company name" autoComplete="organization" error={errors.companyName?.message} {...form.register("companyName")} />
        <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">Your electrical contractor licence</legend>
          <p className="-mt-2 text-sm text-slate-600">Only licensed electricians buy leads here. We check these details within one business day.</p>
          {/* Stacked: the card is narrow even on a desktop, and state names are long. */}
          <div className="grid gap-4">
            <FormField label="Issued by" error={errors.licenceState?.message}>
              {(control) => (
                <NativeSelect {...control} className="mt-1" options={STATE_OPTIONS} {...form.register("licenceState")}>
                  <option value="">Choose state or territory</option>
                </NativeSelect>
              )}
            </FormField>
            <TextField
              label="Licence number"
              autoCapitalize="characters"
              spellCheck={false}
              hint="e.g. 123456C (NSW), REC-12345 (VIC)"
              error={errors.licenceNumber?.message}
              {...form.register("licenceNumber")}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Licence expiry date"
              type="date"
              min={addDays(sydneyDayKey(new Date()), 1)}
              hint="As printed on your licence"
              error={errors.licenceExpiry?.message}
              {...form.register("licenceExpiry")}
            />
            <TextField label="ABN" inputMode="numeric" hint="11 digits, spaces are fine" error={errors.abn?.message} {...form.register("abn")} />
          </div>
        </fieldset>
        <TextField label="Username" autoComplete="username" autoCapitalize="none" error={errors.username?.message} {...form.register("username")} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <Button type="submit" size="lg" disabled={signup.isPending}>
          {signup.isPending ? "Creating Account..." : "Create Account"}
        </Button>
      </form>
    </AuthLayout>
  );
}
