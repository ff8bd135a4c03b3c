// Before the API and browser tests: one migrated database, and one with the suburbs imported,
// made once per run, so each test file copies one instead of running the migrations and the
// 1 s suburbs import again (docs/decisions/041). On the embedded default they are PGlite data-dir
// dumps on disk; on PostgreSQL (TEST_DATABASE_URL) they are template databases that each file
// clones with CREATE DATABASE ... TEMPLATE, dropped when the run ends.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { checkPinnedNode } from "../../scripts/pinned-node.mjs";
import { openDatabase } from "../platform/db/client";
import { importSuburbsIfEmpty } from "../core/suburbs/import";
import { pgliteDumps } from "./pglite-dumps";

export interface DatabaseTemplates {
  kind: "pglite" | "postgres";
  /** PGlite: paths of the data-dir dumps. PostgreSQL: names of the template databases. */
  migrated: string;
  withSuburbs: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

type Templates = { provided: DatabaseTemplates; remove: () => Promise<void> };

// Vitest runs a project's global setup once per project, and the API and browser projects share
// this one: the templates are made once per run (in Vitest's own process, so a global outlives
// each project's copy of this module) and removed when the last project using them is done.
const run = globalThis as { testTemplates?: { made: Promise<Templates>; users: number } };

export default async function setup(project: TestProject) {
  if (!run.testTemplates) {
    console.log(checkPinnedNode());
    const serverUrl = process.env.TEST_DATABASE_URL;
    run.testTemplates = { made: serverUrl ? postgresTemplates(serverUrl) : pgliteTemplates(), users: 0 };
  }
  const shared = run.testTemplates;
  shared.users++;
  const templates = await shared.made;
  project.provide("databaseTemplates", templates.provided);
  return async () => {
    if (--shared.users > 0) return;
    run.testTemplates = undefined;
    await templates.remove();
  };
}

async function pgliteTemplates(): Promise<Templates> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ae-pglite-"));
  const dumps = await pgliteDumps();
  const write = async (name: string, dump: Blob) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  };
  return {
    provided: {
      kind: "pglite",
      migrated: await write("migrated.tar", dumps.migrated),
      withSuburbs: await write("with-suburbs.tar", dumps.withSuburbs),
    } satisfies DatabaseTemplates,
    remove: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresTemplates(serverUrl: string): Promise<Templates> {
  const run = `tpl_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const names = { migrated: `${run}_migrated`, withSuburbs: `${run}_suburbs` };
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${names.migrated}`);
  const migrated = await openDatabase({ url: databaseUrl(serverUrl, names.migrated) });
  await migrated.migrate();
  await migrated.close();
  // A template may have no connection open while it is copied: every pool here is closed first.
  await admin(`create database ${names.withSuburbs} template ${names.migrated}`);
  const withSuburbs = await openDatabase({ url: databaseUrl(serverUrl, names.withSuburbs) });
  await importSuburbsIfEmpty(withSuburbs.db);
  await withSuburbs.close();
  return {
    provided: { kind: "postgres", ...names } satisfies DatabaseTemplates,
    remove: async () => {
      for (const name of Object.values(names)) await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** The server's URL with another database name. */
export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
