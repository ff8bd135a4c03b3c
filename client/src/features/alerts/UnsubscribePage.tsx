// /alerts/unsubscribe?token=... (docs/decisions/029): the link in every alert e-mail. No sign-in: the
// signed token says whose e-mails stop. One button, then a confirmation that stays on screen.
import { useMutation } from "@tanstack/react-query";
import { BellOff, CheckCircle2 } from "lucide-react";
import { Link, useSearch } from "wouter";
import { PublicLayout } from "@/components/layout/PublicLayout";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiJson } from "@/lib/api-client";
import { usePageMeta } from "@/lib/seo";

export const UNSUBSCRIBE_PATH = "/alerts/unsubscribe";

export function UnsubscribePage() {
  usePageMeta({ title: "Unsubscribe from new-lead e-mails", description: "Stop new-lead alert e-mails.", path: UNSUBSCRIBE_PATH, noIndex: true });
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const unsubscribe = useMutation({ mutationFn: () => apiJson<{ message: string }>("POST", "/api/alerts/unsubscribe", { token }) });

  return (
    <PublicLayout>
      <div className="mx-auto grid max-w-lg gap-5 px-4 py-12 sm:py-20">
        {unsubscribe.isSuccess ? (
          <div className="grid justify-items-center gap-3 text-center" role="status">
            <CheckCircle2 className="size-12 text-green-600" aria-hidden />
            <h1 className="text-2xl font-bold">You're unsubscribed</h1>
            <p className="text-slate-700">{unsubscribe.data.message}</p>
            <p className="text-sm text-slate-600">
              Changed your mind? Sign in and turn e-mail alerts back on under <strong>Alerts</strong> on your dashboard.
            </p>
            <Button asChild variant="outline">
              <Link href="/login">Sign in</Link>
            </Button>
          </div>
        ) : (
          <>
            <div className="grid gap-2">
              <BellOff className="size-10 text-brand-700" aria-hidden />
              <h1 className="text-2xl font-bold">Stop new-lead e-mails?</h1>
              <p className="text-slate-700">
                We e-mail you when a new job that matches your alert settings comes onto the market. Unsubscribing stops those e-mails. Push alerts on your
                devices, your account and your leads are not affected.
              </p>
            </div>
            {!token && (
              <Alert
                variant="destructive"
                title="This link is incomplete. Open the link from the e-mail again, or sign in and turn e-mail alerts off under Alerts."
              />
            )}
            {unsubscribe.isError && <Alert variant="destructive" title={unsubscribe.error.message} />}
            <Button size="lg" className="w-full sm:w-auto" disabled={!token || unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
              {unsubscribe.isPending ? "Unsubscribing..." : "Unsubscribe from new-lead e-mails"}
            </Button>
          </>
        )}
      </div>
    </PublicLayout>
  );
}
