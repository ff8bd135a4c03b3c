// /job: lost the link (docs/decisions/047-job-page-screens.md). The mobile used for the request
// gets a 6-digit code; the code shows that mobile's requests, each with its link. The answer to
// the first step is the same whether or not the mobile has requests, so the page tells nobody
// who is a customer. Forms POST to their own page (docs/decisions/036), never GET.
import { MoveRight } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { PublicLayout } from "@/components/layout/PublicLayout";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { lazyResolver } from "@/lib/lazy-resolver";
import { usePageMeta, type PageMeta } from "@/lib/seo";
import { isJobUrl, JOB_LOOKUP_PATH } from "@shared/job-page";
import type { JobLookupVerifyResponse } from "@shared/jobs";
import { formatAustralianPhone } from "@shared/phone";
import { useRequestLookupCode, useVerifyLookupCode } from "./api/lookup";
import { formatJobDate, JOB_STATUS_LABELS } from "./job-format";

export const JOB_LOOKUP_META: PageMeta = {
  title: "Find my request",
  description: "Lost the link to your electrical request? Get a code by SMS and see your requests.",
  path: JOB_LOOKUP_PATH,
  noIndex: true,
};

// The schemas (and Zod) load when a field is first focused, as on the quote form (docs/decisions/028).
const phoneResolver = lazyResolver<{ phone: string }, { phone: string }>(async () => {
  const [{ zodResolver }, { jobLookupRequest }] = await Promise.all([import("@hookform/resolvers/zod"), import("@shared/jobs")]);
  return zodResolver(jobLookupRequest);
});
const codeResolver = lazyResolver<{ code: string }, { code: string }>(async () => {
  const [{ zodResolver }, { jobLookupVerifyRequest }] = await Promise.all([import("@hookform/resolvers/zod"), import("@shared/jobs")]);
  return zodResolver(jobLookupVerifyRequest.pick({ code: true }));
});

const failure = (err: unknown, field: string, fallback: string) => (err instanceof ApiError ? (err.errors?.[field] ?? err.message) : fallback);

interface Sent {
  /** National digits, as the schema left them. */
  phone: string;
  message: string;
  devCode?: string;
}

export function JobLookupPage() {
  usePageMeta(JOB_LOOKUP_META);
  const [sent, setSent] = useState<Sent | null>(null);
  const [jobs, setJobs] = useState<JobLookupVerifyResponse["jobs"] | null>(null);
  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-lg px-4 py-6 sm:py-10">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Find my request</h1>
        <p className="mt-1 text-slate-600">
          Lost the link to your request? We'll text a code to the mobile you used. Opening it here gives you a new link, and any older link to it stops working.
        </p>
        {jobs ? (
          <JobList
            jobs={jobs}
            onAgain={() => {
              setJobs(null);
              setSent(null);
            }}
          />
        ) : sent ? (
          <CodeStep sent={sent} onResent={setSent} onFound={setJobs} onOtherNumber={() => setSent(null)} />
        ) : (
          <PhoneStep onSent={setSent} />
        )}
      </div>
    </PublicLayout>
  );
}

const CARD = "mt-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7";

function PhoneStep({ onSent }: { onSent: (sent: Sent) => void }) {
  const ask = useRequestLookupCode();
  const form = useForm<{ phone: string }, unknown, { phone: string }>({ resolver: phoneResolver, defaultValues: { phone: "" } });
  const submit = form.handleSubmit(async ({ phone }) => {
    try {
      const answer = await ask.mutateAsync(phone);
      onSent({ phone, message: answer.message, devCode: answer.devCode });
    } catch (err) {
      form.setError("phone", { message: failure(err, "phone", "Could not send a code. Please try again.") });
    }
  });
  return (
    <form method="post" action={JOB_LOOKUP_PATH} onSubmit={submit} onFocus={phoneResolver.preload} noValidate className={CARD}>
      <FormField
        id="lookup-phone"
        label="Mobile number"
        error={form.formState.errors.phone?.message}
        hint="The mobile you gave with your request, e.g. 0412 345 678."
      >
        {(control) => <Input {...control} className="mt-1" type="tel" inputMode="tel" autoComplete="tel" {...form.register("phone")} />}
      </FormField>
      <Button type="submit" variant="spark" size="lg" className="mt-5 w-full sm:w-auto" disabled={ask.isPending}>
        {ask.isPending ? "Sending..." : "Text me a code"}
      </Button>
    </form>
  );
}

function CodeStep({
  sent,
  onResent,
  onFound,
  onOtherNumber,
}: {
  sent: Sent;
  onResent: (sent: Sent) => void;
  onFound: (jobs: JobLookupVerifyResponse["jobs"]) => void;
  onOtherNumber: () => void;
}) {
  const verify = useVerifyLookupCode();
  const ask = useRequestLookupCode();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<{ code: string }, unknown, { code: string }>({ resolver: codeResolver, defaultValues: { code: "" } });
  const submit = form.handleSubmit(async ({ code }) => {
    setNotice(null);
    try {
      onFound((await verify.mutateAsync({ phone: sent.phone, code })).jobs);
    } catch (err) {
      form.setError("code", { message: failure(err, "code", "Could not check the code. Please try again.") });
    }
  });
  const sendAgain = async () => {
    form.clearErrors("code");
    setNotice(null);
    try {
      const answer = await ask.mutateAsync(sent.phone);
      onResent({ ...sent, message: answer.message, devCode: answer.devCode });
      form.reset({ code: "" });
      setNotice("A new code is on its way. The old one no longer works.");
    } catch (err) {
      form.setError("code", { message: failure(err, "phone", "Could not send a new code. Please try again.") });
    }
  };
  return (
    <form method="post" action={JOB_LOOKUP_PATH} onSubmit={submit} onFocus={codeResolver.preload} noValidate className={CARD}>
      <p className="text-slate-700" role="status">
        {sent.message}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Mobile: <strong className="whitespace-nowrap text-slate-900">{formatAustralianPhone(sent.phone)}</strong>
      </p>
      <FormField id="lookup-code" label="6-digit code" error={form.formState.errors.code?.message} hint="The code works for 10 minutes." className="mt-5">
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={11}
            className="mt-1 block max-w-48 text-center font-mono text-xl tracking-[0.3em]"
            {...form.register("code")}
          />
        )}
      </FormField>
      {sent.devCode && (
        <p className="mt-4 rounded-lg border border-dashed border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="dev-code">
          Development only (no SMS is sent): your code is <strong className="font-mono">{sent.devCode}</strong>
        </p>
      )}
      {notice && (
        <p className="mt-3 text-sm text-green-800" role="status">
          {notice}
        </p>
      )}
      <div className="mt-5 flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:flex-wrap">
        <Button type="submit" variant="spark" size="lg" disabled={verify.isPending}>
          {verify.isPending ? "Checking..." : "Show my requests"}
        </Button>
        <Button type="button" variant="outline" onClick={() => void sendAgain()} disabled={ask.isPending}>
          {ask.isPending ? "Sending..." : "Send a new code"}
        </Button>
        <Button type="button" variant="ghost" onClick={onOtherNumber}>
          Use another number
        </Button>
      </div>
    </form>
  );
}

function JobList({ jobs, onAgain }: { jobs: JobLookupVerifyResponse["jobs"]; onAgain: () => void }) {
  const links = jobs.filter((job) => isJobUrl(job.jobUrl));
  return (
    <section aria-labelledby="lookup-results" className={CARD}>
      <h2 id="lookup-results" className="text-lg font-bold text-slate-900">
        {links.length === 0 ? "No requests for that mobile" : links.length === 1 ? "Your request" : `Your ${links.length} requests`}
      </h2>
      {links.length === 0 ? (
        <p className="mt-2 text-slate-600">
          We have no requests sent with that mobile. Used another number? Try it, or{" "}
          <Link href="/get-quote" className="font-semibold text-brand-700 underline">
            send a new request
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="lookup-jobs">
          {links.map((job) => (
            <li key={job.jobUrl}>
              <Link href={job.jobUrl} className="flex items-center justify-between gap-3 py-3 hover:bg-slate-50">
                <span className="min-w-0">
                  <span className="block font-mono font-semibold text-slate-900">{job.jobReference}</span>
                  <span className="block text-sm text-slate-600">
                    Sent {formatJobDate(job.submittedAt, null)} · {JOB_STATUS_LABELS[job.status]}
                  </span>
                </span>
                <MoveRight className="size-5 shrink-0 text-brand-700" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Button type="button" variant="link" className="mt-2 px-0" onClick={onAgain}>
        Look up another number
      </Button>
    </section>
  );
}
