// Storing a page or funnel event: a write with no rule beyond the repo's.
export { storeEvent } from "./repo";
