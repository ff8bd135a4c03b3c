// The operator's view of every lead, a page at a time: a read with no rule beyond the repo's.
export { listLeads } from "./repo";
