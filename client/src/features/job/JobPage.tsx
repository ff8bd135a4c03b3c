// /job/:token: the customer's own page for one request (docs/product.md section 14,
// docs/decisions/047-job-page-screens.md). No sign-in: the link is the key, so the page is
// never indexed, its token never reaches analytics, and it shows only what the server chose
// to show (no full phone, no street address). It asks again every 4 s while the tab is visible.
import { Link as LinkIcon, SearchX, ShieldCheck, WifiOff } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Link, useParams } from "wouter";
import { PublicLayout } from "@/components/layout/PublicLayout";
import { Button } from "@/components/ui/button";
import { handOverFirstScreen } from "@/lib/first-screen";
import { usePageMeta, type PageMeta } from "@/lib/seo";
import { JOB_LOOKUP_PATH } from "@shared/job-page";
import type { JobStatus, JobView } from "@shared/jobs";
import { useJob } from "./api/job";
import { jobPhotosPath, useJobPhotosChanged, useRemoveJobPhoto } from "./api/job-photos";
import { ElectricianCard } from "./ElectricianCard";
import { JobCertificates } from "./certificate/JobCertificates";
import { JobBooking } from "./JobBooking";
import { ClosedNotice, CloseRequestAction, NotContactedAction, NotContactedNotice } from "./JobActions";
import { JobMoney } from "./JobMoney";
import { JobSteps } from "./JobSteps";
import { RequestSummary } from "./RequestSummary";
import { JobReview } from "./review/JobReview";
import { StillNeed } from "./StillNeed";

/**
 * The photos and their picker load after the request shows, in their own chunk: the app's
 * route table names every chunk a lazy page needs, and every landing page carries that table.
 */
const JobPhotos = lazy(() => import("./JobPhotos").then((m) => ({ default: m.JobPhotos })));

/** No token in the canonical or share tags: the path written is the bare /job. */
export const JOB_PAGE_META: PageMeta = {
  title: "Your electrical job",
  description: "Where your electrical request stands and who will do the work.",
  path: JOB_LOOKUP_PATH,
  noIndex: true,
};

const HEADLINES: Record<JobStatus, string> = {
  finding: "We're finding you a licensed electrician",
  matched: "A licensed electrician has your job",
  contacted: "Your electrician has been in touch",
  quoted: "You have a quote",
  accepted: "You accepted the quote",
  booked: "Your job is booked",
  paid: "Paid, thank you",
  closed: "This request is closed",
};

export function JobPage() {
  usePageMeta(JOB_PAGE_META);
  const { token = "" } = useParams<{ token: string }>();
  const job = useJob(token);
  // The server's first screen of this page (docs/decisions/092-first-screen-from-the-server.md) goes once this one has the job.
  const settled = job.data !== undefined || job.notFound || job.isError;
  useEffect(() => {
    if (settled) handOverFirstScreen();
  }, [settled]);
  return (
    <PublicLayout>
      <JobPageContent token={token} view={job.data ?? undefined} notFound={job.notFound} failed={job.isError && !job.data} now={new Date()} />
    </PublicLayout>
  );
}

/** The page's body for each state the link can be in; apart from the query, so it renders anywhere. */
export function JobPageContent({ token, view, notFound, failed, now }: { token: string; view?: JobView; notFound: boolean; failed: boolean; now: Date }) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-10">
      {notFound ? <JobNotFound /> : view ? <JobDetails token={token} view={view} now={now} /> : failed ? <JobUnavailable /> : <JobLoading />}
    </div>
  );
}

function JobDetails({ token, view, now }: { token: string; view: JobView; now: Date }) {
  const electrician = view.electrician;
  const photosChanged = useJobPhotosChanged(token);
  const remove = useRemoveJobPhoto(token);
  return (
    <div className="space-y-4" data-status={view.status} data-testid="job-page">
      <header>
        <p className="text-sm font-medium text-slate-600">
          Request <span className="font-mono">{view.jobReference}</span>
        </p>
        <h1 className="mt-1 text-2xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-3xl" data-testid="job-headline">
          {HEADLINES[view.status]}
        </h1>
      </header>
      {view.status === "finding" && (
        <p className="flex gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-4 text-brand-900" role="status">
          {/* A beacon, not a spinner icon: the landing pages' icons stay in their own chunks (docs/decisions/028). */}
          <span className="relative mt-1.5 flex size-3 shrink-0" aria-hidden>
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-brand-600 opacity-60 motion-reduce:animate-none" />
            <span className="relative inline-flex size-3 rounded-full bg-brand-700" />
          </span>
          <span>
            Licensed electricians near you can see your job now, without your name, phone number or street address. When one takes it, their details show here.
            This page updates by itself.
          </span>
        </p>
      )}
      {/* The customer's open question comes first: a claim waits on their answer (docs/decisions/049). */}
      <StillNeed view={view} token={token} />
      {view.notContacted && <NotContactedNotice report={view.notContacted} />}
      <ClosedNotice view={view} />
      {view.actions.includes("not_contacted") && <NotContactedAction token={token} view={view} now={now} />}
      {/* The times offered wait on the customer's pick (docs/decisions/102-booking-windows.md). */}
      <JobBooking token={token} view={view} />
      {/* Money after the sale (docs/decisions/051): what is owed first, then the quote to answer. */}
      <JobMoney token={token} view={view} />
      {/*
        The certificates issued, once there are any (docs/decisions/105-paperwork-on-the-card.md): the
        SMS that says so links here. In the page's own chunk, so in the server's first screen too: a
        chunk of its own arrived after the app took over and pushed the Call button down (a layout
        shift of 0.26 on the slow phone).
      */}
      <JobCertificates token={token} certificates={view.certificates} />
      {/* Then the review, once the job may be reviewed (docs/decisions/062-review-screens.md). */}
      <JobReview token={token} view={view} review={view.review} />
      {electrician && <ElectricianCard view={{ ...view, electrician }} now={now} />}
      <JobSteps view={view} />
      <RequestSummary view={view} />
      <Suspense>
        <JobPhotos view={view} uploadPath={jobPhotosPath(token)} onUploaded={photosChanged} remove={remove} />
      </Suspense>
      {view.actions.includes("close") && <CloseRequestAction token={token} sold={electrician !== null} />}
      <p className="flex gap-2 px-1 text-sm text-slate-600">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>Anyone with this page's link can see it, so share it only with people you trust. It never shows your phone number or street address.</span>
      </p>
    </div>
  );
}

function JobNotFound() {
  return (
    <div className="flex flex-col items-center gap-4 py-10 text-center" data-testid="job-not-found">
      <SearchX className="size-12 text-slate-400" aria-hidden />
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">We can't find that link</h1>
      <p className="max-w-md text-slate-600">
        It may have been copied only in part, or a newer link has replaced it. Enter the mobile number you used and we'll text you a code to see your requests.
      </p>
      <Button asChild size="lg">
        <Link href={JOB_LOOKUP_PATH}>
          <LinkIcon aria-hidden /> Find my request
        </Link>
      </Button>
    </div>
  );
}

function JobUnavailable() {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center" role="status">
      <WifiOff className="size-10 text-slate-400" aria-hidden />
      <h1 className="text-xl font-bold text-slate-900">We couldn't load your request just now</h1>
      <p className="max-w-md text-slate-600">We'll keep trying. Check you have signal or Wi-Fi.</p>
    </div>
  );
}

/** Grey blocks the size of the headline and the first card, so nothing jumps when the request arrives. */
function JobLoading() {
  return (
    <div role="status" aria-label="Loading your request" className="animate-pulse space-y-4 motion-reduce:animate-none">
      <div aria-hidden className="h-4 w-40 rounded bg-slate-200" />
      <div aria-hidden className="h-8 w-4/5 rounded bg-slate-200" />
      <div aria-hidden className="h-64 rounded-2xl border border-slate-200 bg-white" />
    </div>
  );
}
