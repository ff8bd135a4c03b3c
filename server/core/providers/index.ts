// An electrician's own record (jobs completed, median minutes to first contact): read by the job
// page and the public profile (docs/decisions/074).
export { electricianRecordOf, MEDIAN_MIN_PURCHASES, MEDIAN_WINDOW_DAYS, medianMinutes } from "./record";
