// `npm run team -- <command>` (usage below): the team from the command line, and the first admin outside demo mode.
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import { findMemberByEmail } from "@/lib/auth/members";
import { consoleMigrations } from "@/lib/boot/features";
import { openCommandStore } from "@/lib/store/command";
import type { Database } from "@/lib/store/schema";
import { validationMessage, type IssueLike } from "@/lib/i18n/validation";
import { DomainError } from "@/lib/rules/problems";
import { createKeyBodySchema, keyIdParamSchema } from "@/lib/apikeys/schemas";
import { createApiKey, listApiKeys, revokeApiKey } from "@/lib/apikeys/service";
import { cliContext } from "@/lib/team/cli-audit";
import { createMemberBodySchema, memberEmailSchema, updateMemberBodySchema } from "@/lib/team/schemas";
import { addMember, changeMember, listTeam, setSsoAccess, signOutEverywhere } from "@/lib/team/service";

const USAGE = `Usage: npm run team -- <command> [options]

Commands:
  add --email <email> --name <name> --role <viewer|operator|admin> [--sso]
      Adds a member. The password comes from TEAM_PASSWORD, or is asked twice on the
      terminal. --sso adds a member without a password (signs in through SSO only).
  list [--json]                       Lists the members.
  set-role --email <email> --role <viewer|operator|admin>
  deactivate --email <email>          The member can no longer sign in; history is kept.
  activate --email <email>
  reset-password --email <email>      New password from TEAM_PASSWORD, or asked twice.
                                      Every change above ends the member's sessions.
  sign-out-everywhere --email <email> Ends the member's sessions in every browser.
  link-sso --email <email>            Lets the member enter through single sign-on although
                                      they have a password or are not on AUTH_OIDC_ALLOW; the
                                      first SSO entry binds the provider's identity.
  unlink-sso --email <email>          Takes that back, forgets the bound SSO identity and ends
                                      the member's sessions.

  keys create --name <name> --role <viewer|operator> --expires <YYYY-MM-DD>
             [--allow <ip or cidr>]... [--by <admin email>] [--json]
      Creates an API key for /api/v1 and prints its secret once; --allow (repeatable) limits
      the client addresses, --by names the admin the key is created for.
  keys list [--json]                  Lists the keys, their state and last use (never a secret).
  keys revoke --id <key id>           Revokes the key at once, on every instance.

The store is DATA_DIR (default ./data).`;

class CliError extends Error {}

function issuesText(error: { issues: readonly (IssueLike & { path: readonly PropertyKey[] })[] }): string {
  return error.issues.map((i) => `${i.path.length ? `${i.path.map(String).join(".")}: ` : ""}${validationMessage(i)}`).join("; ");
}

async function askHidden(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, callback) {
      if (!muted) process.stderr.write(chunk, encoding);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  // Raw mode turns Ctrl-C into an event instead of a signal.
  rl.on("SIGINT", () => {
    rl.close();
    process.stderr.write("\nteam: cancelled\n");
    process.exit(1);
  });
  try {
    const answer = rl.question(prompt);
    muted = true;
    return await answer;
  } finally {
    muted = false;
    rl.close();
    process.stderr.write("\n");
  }
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.TEAM_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
  if (!process.stdin.isTTY) {
    throw new CliError("No password: set TEAM_PASSWORD, run the command in a terminal to type it, or use --sso for a member who signs in through SSO only.");
  }
  const first = await askHidden("Password: ");
  const second = await askHidden("Repeat the password: ");
  if (first !== second) throw new CliError("The two passwords differ.");
  return first;
}

function email(value: string | undefined): string {
  if (value === undefined) throw new CliError("Give --email.");
  const parsed = memberEmailSchema.safeParse(value);
  if (!parsed.success) throw new CliError(`--email: ${issuesText(parsed.error)}`);
  return parsed.data;
}

async function memberByEmail(conn: Kysely<Database>, address: string) {
  const member = await findMemberByEmail(conn, address);
  if (!member) throw new CliError(`No team member has the email ${address}.`);
  return member;
}

async function add(conn: Kysely<Database>, values: Record<string, string | string[] | boolean | undefined>): Promise<string> {
  const body = { email: values.email, name: values.name, role: values.role };
  // Check the rest before asking for a password that would then be thrown away.
  const first = createMemberBodySchema.omit({ password: true }).safeParse(body);
  if (!first.success) throw new CliError(issuesText(first.error));
  const parsed = createMemberBodySchema.safeParse(values.sso ? body : { ...body, password: await readPassword() });
  if (!parsed.success) throw new CliError(issuesText(parsed.error));
  const { member } = await addMember(conn, parsed.data, cliContext(conn));
  return `Added ${member.email} (${member.name}) as ${member.role}, id ${member.id}, signs in with ${member.hasPassword ? "a password" : "SSO only"}.`;
}

async function change(conn: Kysely<Database>, address: string, raw: Record<string, unknown>, done: (name: string) => string): Promise<string> {
  const parsed = updateMemberBodySchema.safeParse(raw);
  if (!parsed.success) throw new CliError(issuesText(parsed.error));
  const member = await memberByEmail(conn, address);
  const { keysRevoked = [] } = await changeMember(conn, member.id, parsed.data, cliContext(conn));
  const revoked = keysRevoked.length ? `\nTheir ${keysRevoked.length === 1 ? "API key" : `${keysRevoked.length} API keys`} ${keysRevoked.map((k) => k.name).join(", ")} ${keysRevoked.length === 1 ? "is" : "are"} revoked.` : "";
  return done(member.email) + revoked;
}

async function ssoAccess(conn: Kysely<Database>, address: string, allowed: boolean): Promise<string> {
  const member = await memberByEmail(conn, address);
  await setSsoAccess(conn, member.id, allowed, cliContext(conn));
  return allowed
    ? `${member.email} may now enter through SSO; their first SSO entry binds the provider's identity.`
    : `${member.email} may no longer enter through SSO unless AUTH_OIDC_ALLOW admits them; the bound SSO identity is forgotten and their sessions ended.`;
}

async function endSessions(conn: Kysely<Database>, address: string): Promise<string> {
  const member = await memberByEmail(conn, address);
  const sessionsEnded = await signOutEverywhere(conn, member.id, cliContext(conn));
  return `${member.email} is signed out everywhere (${sessionsEnded} ${sessionsEnded === 1 ? "session" : "sessions"} ended).`;
}

async function list(conn: Kysely<Database>, asJson: boolean): Promise<string> {
  const members = await listTeam(conn);
  if (asJson) return JSON.stringify(members, null, 2);
  if (members.length === 0) return "No team members yet. Add the first admin with: npm run team -- add --email <email> --name <name> --role admin";
  const rows = members.map((m) => [String(m.id), m.email, m.name, m.role, m.active ? "active" : "deactivated", m.hasPassword ? "password" : "sso"]);
  const header = ["ID", "EMAIL", "NAME", "ROLE", "STATUS", "SIGN-IN"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [header, ...rows].map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd()).join("\n");
}

const CLI_CREATOR = { id: null, name: "the team CLI" };

async function keyCreator(conn: Kysely<Database>, by: string | undefined) {
  if (by === undefined) return CLI_CREATOR;
  const member = await memberByEmail(conn, email(by));
  if (member.role !== "admin" || !member.active) throw new CliError(`${member.email} is not an active admin.`);
  return { id: member.id, name: member.name };
}

async function createKey(conn: Kysely<Database>, values: { name?: string; role?: string; expires?: string; allow?: string[]; by?: string; json?: boolean }): Promise<string> {
  const parsed = createKeyBodySchema.safeParse({ name: values.name, role: values.role, expiresOn: values.expires, allowedAddresses: values.allow ?? [] });
  if (!parsed.success) throw new CliError(issuesText(parsed.error).replace(/\bexpiresOn\b/, "--expires").replace(/\ballowedAddresses\.\d+/, "--allow"));
  const created = await createApiKey(conn, parsed.data, cliContext(conn), await keyCreator(conn, values.by));
  if (values.json) return JSON.stringify(created, null, 2);
  const { key, secret } = created;
  return `Created API key ${key.name} (${key.role}, expires ${key.expiresAt.slice(0, 10)}), id ${key.id}.\nIts secret is shown this once; keep it somewhere safe:\n${secret}`;
}

async function listKeys(conn: Kysely<Database>, asJson: boolean): Promise<string> {
  const { items } = await listApiKeys(conn);
  if (asJson) return JSON.stringify(items, null, 2);
  if (items.length === 0) return "No API keys yet. Create one with: npm run team -- keys create --name <name> --role operator --expires <YYYY-MM-DD>";
  const rows = items.map((k) => [k.id, k.name, k.role, k.state, k.expiresAt.slice(0, 10), k.displayPrefix, k.lastUsedAt ? `${k.lastUsedAt} from ${k.lastUsedFrom}` : "never"]);
  const header = ["ID", "NAME", "ROLE", "STATE", "EXPIRES", "PREFIX", "LAST USE"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [header, ...rows].map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd()).join("\n");
}

async function revokeKey(conn: Kysely<Database>, id: string | undefined): Promise<string> {
  const parsed = keyIdParamSchema.safeParse({ id });
  if (!parsed.success) throw new CliError(`--id: ${id === undefined ? "give the key's id (see keys list)." : "a key id is a UUID (see keys list)."}`);
  const { key, revoked } = await revokeApiKey(conn, parsed.data.id, cliContext(conn), CLI_CREATOR.name);
  return revoked ? `API key ${key.name} is revoked; its next request is refused.` : `API key ${key.name} was already revoked.`;
}

async function keys(conn: Kysely<Database>, sub: string | undefined, values: Parameters<typeof createKey>[1] & { id?: string }): Promise<string> {
  switch (sub) {
    case "create":
      return createKey(conn, values);
    case "list":
      return listKeys(conn, values.json ?? false);
    case "revoke":
      return revokeKey(conn, values.id);
    default:
      throw new CliError(`Give keys create, keys list or keys revoke.\n\n${USAGE}`);
  }
}

async function run(argv: string[]): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      sso: { type: "boolean" },
      json: { type: "boolean" },
      expires: { type: "string" },
      allow: { type: "string", multiple: true },
      by: { type: "string" },
      id: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || command === "help") return USAGE;
  if (!command) throw new CliError(`Give a command.\n\n${USAGE}`);
  const sub = command === "keys" ? rest.shift() : undefined;
  if (rest.length) throw new CliError(`Unexpected argument: ${rest[0]}`);

  // A running console's data-folder server is shared; otherwise one is started for this command alone.
  const store = await openCommandStore({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR || "./data", poolSize: 2, share: true, migrations: consoleMigrations });
  const conn = store.db;
  try {
    switch (command) {
      case "add":
        return await add(conn, values);
      case "list":
        return await list(conn, values.json ?? false);
      case "set-role":
        if (values.role === undefined) throw new CliError("Give --role (viewer, operator or admin).");
        return await change(conn, email(values.email), { role: values.role }, (e) => `${e} is now ${values.role}.`);
      case "deactivate":
        return await change(conn, email(values.email), { active: false }, (e) => `${e} is deactivated; their history is kept.`);
      case "activate":
        return await change(conn, email(values.email), { active: true }, (e) => `${e} is active again.`);
      case "reset-password": {
        const address = email(values.email);
        await memberByEmail(conn, address);
        return await change(conn, address, { password: await readPassword() }, (e) => `The password of ${e} was changed.`);
      }
      case "sign-out-everywhere":
        return await endSessions(conn, email(values.email));
      case "link-sso":
        return await ssoAccess(conn, email(values.email), true);
      case "unlink-sso":
        return await ssoAccess(conn, email(values.email), false);
      case "keys":
        return await keys(conn, sub, values);
      default:
        throw new CliError(`Unknown command: ${command}\n\n${USAGE}`);
    }
  } finally {
    await store.close();
  }
}

run(process.argv.slice(2)).then(
  (out) => {
    process.stdout.write(`${out}\n`);
    process.exitCode = 0;
  },
  (error: unknown) => {
    const known = error instanceof CliError || error instanceof DomainError || (error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"));
    // A refused field (a weak password) says why, as the Team page does.
    const fields = error instanceof DomainError && error.code === "validation_failed" ? (error.extra?.errors as Record<string, string[]> | undefined) : undefined;
    const text = fields ? Object.entries(fields).map(([field, messages]) => `${field}: ${messages.join(" ")}`).join("; ") : (error as Error).message;
    process.stderr.write(`team: ${known ? text : `failed: ${String(error)}`}\n`);
    process.exitCode = 1;
  },
);
