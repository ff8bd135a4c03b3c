// One instance's photo dependencies, built once by the app (server/app.ts).
import os from "node:os";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import type { Logger } from "../../platform/logger";
import { PIPELINE_DEFAULTS, type PipelineOptions } from "./pipeline";
import type { PhotoDeps } from "./service";
import { createSlots } from "./slots";
import { photoStoresFor } from "./stores-for-config";

/** Uploads that may wait for a decode slot, and for how long, before one is told to try again (503). */
const WAITING = { maxWaiting: 20, maxWaitMs: 60_000 };

export function createPhotoDeps(deps: {
  db: Db;
  config: Config;
  logger: Logger;
  now: () => Date;
  wake: () => void;
  pipeline?: Partial<PipelineOptions>;
}): PhotoDeps {
  return {
    db: deps.db,
    stores: photoStoresFor(deps.db, deps.config),
    now: deps.now,
    logger: deps.logger,
    slots: createSlots(os.availableParallelism(), WAITING),
    pipeline: { ...PIPELINE_DEFAULTS, ...deps.pipeline },
    wake: deps.wake,
  };
}
