// The job's money on the customer's page: what is owed first, then the quote to answer
// (docs/decisions/054-quote-and-invoice-screens.md). In the job page's own chunk: the quote is
// what a customer opens the link for, so it shows with the page, not a round trip later.
import type { JobView } from "@shared/jobs";
import { JobInvoices } from "./JobInvoices";
import { JobQuote } from "./JobQuote";

export function JobMoney({ token, view }: { token: string; view: JobView }) {
  return (
    <>
      <JobInvoices token={token} invoices={view.invoices ?? []} state={view.state} />
      {view.quote && <JobQuote token={token} view={view} quote={view.quote} />}
    </>
  );
}
