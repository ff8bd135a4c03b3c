// Start-up work on the database: migrate, fill suburbs once, on an empty embedded database
// outside production the demo data, then bootstrap the super admin.
import { sql } from "drizzle-orm";
import { ensureSuperAdmin } from "../core/accounts";
import type { Config } from "../platform/config";
import type { Logger } from "../platform/logger";
import { countMissingClocks } from "../core/paperwork";
import { syncAllSlugs } from "../core/providers";
import { fillSuburbRegionsIfMissing, importSuburbsIfEmpty } from "../core/suburbs";
import type { Database } from "../platform/db/client";
import { demoLoginLines, isEmpty, seedDemo } from "./seed";

export async function prepareDatabase(database: Database, config: Config, logger: Logger) {
  await database.migrate();
  const started = Date.now();
  const imported = await importSuburbsIfEmpty(database.db);
  if (imported > 0) logger.info({ suburbs: imported, ms: Date.now() - started }, "suburbs imported");
  const placed = await fillSuburbRegionsIfMissing(database.db);
  if (placed > 0) logger.info({ suburbs: placed }, "suburbs given their SA4 regions");
  // The suburbs change only here: their statistics are taken when they do, not at every start.
  if (database.kind === "pglite" && imported + placed > 0) await database.db.execute(sql`analyze suburbs`);

  // Demo accounts share one known password: never in production (docs/decisions/017).
  if (database.kind === "pglite" && !config.isProduction && (await isEmpty(database.db))) {
    await seedDemo(database.db);
    logger.info("demo data seeded into the embedded database");
    console.log(["", ...demoLoginLines(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`), ""].join("\n"));
  }
  // After the seed, as `npm run db:seed` does: a SUPER_ADMIN_USERNAME that is also a demo
  // name ("superadmin") then takes over that account instead of clashing with the seed.
  await ensureSuperAdmin(database.db, config);
  // Approved providers without a profile address yet (those from before profiles, or renamed by
  // hand in the database) get one (docs/decisions/060-public-profiles.md).
  const slugged = await syncAllSlugs(database.db, new Date());
  if (slugged > 0) logger.info({ providers: slugged }, "public profile slugs made");
  // Jobs tested before the paperwork's clocks existed get theirs (docs/decisions/105-paperwork-on-the-card.md).
  const clocked = await countMissingClocks(database.db, new Date());
  if (clocked > 0) logger.info({ purchases: clocked }, "paperwork clocks counted for jobs tested before them");
}

/**
 * PGlite has no autovacuum: without fresh statistics a grown market looks tiny to the planner,
 * which then sorts every lead instead of walking leads_available_auction_idx. Every table but
 * the suburbs (three quarters of the work, and unchanged since their import: prepareDatabase,
 * or the build's image, took theirs), once the server listens: requests meanwhile wait for it
 * as for any query (docs/decisions/101-the-embedded-default-starts-from-an-image.md).
 */
export async function refreshEmbeddedStatistics(database: Database, logger: Logger) {
  if (database.kind !== "pglite") return;
  try {
    const result = await database.db.execute(
      sql`select string_agg(format('%I.%I', schemaname, relname), ', ') as tables from pg_stat_user_tables where relname <> 'suburbs'`,
    );
    const tables = (result as unknown as { rows: { tables: string | null }[] }).rows[0]?.tables;
    if (tables) await database.db.execute(sql.raw(`analyze ${tables}`));
  } catch (err) {
    logger.warn({ err }, "could not refresh the embedded database's statistics");
  }
}
