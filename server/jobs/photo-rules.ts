// When the customer may add photos (docs/decisions/050-photos.md): until the job is booked.
import type { JobStatus } from "../../shared/jobs";

export const PHOTOS_OPEN: readonly JobStatus[] = ["finding", "matched", "contacted", "quoted", "accepted"];
