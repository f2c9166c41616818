// `npm run store:copy -- [--from <file> | --pglite <folder>]`: an earlier console's SQLite or PGlite state into PostgreSQL.
import "@/scripts/require-node";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { COPIED_TABLES, copyPgliteStore, copySqliteStore, type CopyResult } from "@/lib/boot/copy";
import { consoleMigrations } from "@/lib/boot/features";
import { openCommandStore } from "@/lib/store/command";
import { endInterrupted } from "@/lib/erp/transfers/settling";

const USAGE = `Usage: npm run store:copy -- [--from <file>]
       npm run store:copy -- --pglite <folder>

--from: copies members, the audit trail and the ERP transfer and import runs of an earlier
console's SQLite store (default: $DATA_DIR/console.sqlite, DATA_DIR default ./data). Running it
again adds nothing.
--pglite: copies every table of an earlier console's PGlite store (its folder, ./data/store
before this version) into an empty store; npm start does this by itself on its first start.

The target is the store this console uses: the PostgreSQL server at DATABASE_URL, or without it
the data folder's own PostgreSQL (DATA_DIR/postgres). Stop the consoles first.`;

const root = path.resolve(import.meta.dirname, "..");

// The same .env files as `npm start`, so the copy lands in the store the console opens; variables already set win.
for (const file of [".env.local", ".env"]) {
  if (existsSync(path.join(root, file))) process.loadEnvFile(path.join(root, file));
}

function describeTarget(url: string | undefined, dataDir: string): string {
  if (!url) return `the local PostgreSQL in ${path.join(dataDir, "postgres")}`;
  try {
    const u = new URL(url);
    return `PostgreSQL at ${u.host}${u.pathname}${u.username ? ` as ${decodeURIComponent(u.username)}` : ""}`;
  } catch {
    return "PostgreSQL at DATABASE_URL";
  }
}

/** The URL's password never reaches the terminal, even inside a driver's message. */
function hidePassword(text: string, url: string | undefined): string {
  if (!url) return text;
  let password = "";
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    return text.replaceAll(url, "DATABASE_URL");
  }
  let out = text.replaceAll(url, "DATABASE_URL");
  if (password) out = out.replaceAll(password, "***");
  return out;
}

function table(result: CopyResult): string {
  const head = ["table", "sqlite", "before", "after", "new"];
  const rows = COPIED_TABLES.map((t) => [t, result.source[t], result.before[t], result.after[t], result.after[t] - result.before[t]].map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(head), ...rows.map(line)].join("\n");
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: "string" }, pglite: { type: "string" }, help: { type: "boolean", short: "h" } }, strict: true });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const dataDir = path.resolve(root, process.env.DATA_DIR || "data");
  // npm runs scripts in the project root: a relative --from means the directory the command was typed in.
  const from = values.from ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.from) : path.join(dataDir, "console.sqlite");
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  if (values.pglite !== undefined) {
    if (values.from !== undefined) throw new Error("Give --from or --pglite, not both.");
    await fromPglite(path.resolve(process.env.INIT_CWD ?? process.cwd(), values.pglite), databaseUrl, dataDir);
    return;
  }

  console.log(`Copying ${from}\n   into ${describeTarget(databaseUrl, dataDir)}\n`);
  const store = await openCommandStore({ databaseUrl, dataDir, share: true, migrations: consoleMigrations });
  try {
    const result = await copySqliteStore(from, store.db);
    console.log(table(result));
    console.log("");
    const added = COPIED_TABLES.reduce((n, t) => n + result.after[t] - result.before[t], 0);
    console.log(added === 0 ? "Nothing new: everything was copied before." : `Copied ${added} rows.`);
    if (result.interrupted.length > 0) {
      console.log(`${result.interrupted.length} transfer run(s) were still in progress in SQLite and arrive interrupted: orders being sent have an unknown outcome.`);
    }
    console.log("Sessions and sign-in failures are not copied: members sign in again.");
  } finally {
    await store.close();
  }
}

async function fromPglite(folder: string, databaseUrl: string | undefined, dataDir: string): Promise<void> {
  console.log(`Copying the PGlite store ${folder}\n   into ${describeTarget(databaseUrl, dataDir)}\n`);
  const store = await openCommandStore({ databaseUrl, dataDir, share: true, migrations: consoleMigrations });
  try {
    // A running run's job stays behind in the PGlite job engine: it arrives interrupted, as after a takeover.
    const result = await copyPgliteStore(folder, store.db, {
      inTransaction: async (trx, runs) => {
        for (const id of runs) await endInterrupted(trx, id);
      },
    });
    const width = Math.max(5, ...result.tables.map((t) => t.table.length));
    console.log([`${"table".padEnd(width)}  rows`, ...result.tables.map((t) => `${t.table.padEnd(width)}  ${String(t.rows).padStart(4)}`)].join("\n"));
    console.log(`\nCopied ${result.tables.reduce((n, t) => n + t.rows, 0)} rows; every table's count matches.`);
    if (result.inProgress.length > 0) console.log(`${result.inProgress.length} transfer run(s) were in progress and arrive interrupted: orders being sent have an unknown outcome.`);
    console.log(`The PGlite folder is left as it was; delete it once the console shows your data.`);
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`store:copy: ${hidePassword(message, process.env.DATABASE_URL?.trim())}`);
  if (error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) console.error(`\n${USAGE}`);
  process.exit(1);
});
