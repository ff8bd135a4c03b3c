// Two answers of POST /api/jobs/:token/close that the quote wizard tells apart (docs/decisions/086): in a
// module of their own, so the wizard's page carries these two lines and not the job page's words.
export const ALREADY_CLOSED = "This request is already closed.";
/** The wizard's withdrawal of a request sent with a mistyped mobile, when an electrician bought it meanwhile. */
export const ALREADY_BOUGHT = "An electrician has already taken this request, so it stays open: your job page shows who, with their number.";
