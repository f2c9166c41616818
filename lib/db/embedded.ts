import { PGlite } from "@electric-sql/pglite";
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";

// PGlite has one session: every user (Kysely, the job engine) takes turns, and a transaction keeps its turn until it ends.

export class StoreBusyError extends Error {
  constructor(waitedMs: number) {
    super(`The embedded store stayed busy for ${waitedMs} ms (a query waiting inside a transaction for the store would never run).`);
  }
}

class Turns {
  private tail: Promise<void> = Promise.resolve();

  async take(waitMs: number): Promise<() => void> {
    let leave!: () => void;
    const mine = new Promise<void>((resolve) => (leave = resolve));
    const before = this.tail;
    this.tail = before.then(() => mine);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = await Promise.race([
      before.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitMs))),
    ]);
    clearTimeout(timer);
    if (!waited) {
      // Our turn still comes; it passes straight on.
      void before.then(leave);
      throw new StoreBusyError(waitMs);
    }
    return leave;
  }

  async run<T>(waitMs: number, work: () => Promise<T>): Promise<T> {
    const leave = await this.take(waitMs);
    try {
      return await work();
    } finally {
      leave();
    }
  }
}

const COMMANDS = new Set(["INSERT", "UPDATE", "DELETE", "MERGE", "SELECT"]);

function commandOf(text: string): PostgresQueryResult<unknown>["command"] {
  const word = /^\s*(?:with\b[\s\S]*?\)\s*)?(\w+)/i.exec(text)?.[1]?.toUpperCase() ?? "SELECT";
  return (COMMANDS.has(word) ? word : "SELECT") as PostgresQueryResult<unknown>["command"];
}

export interface EmbeddedStore {
  pglite: PGlite;
  pool: PostgresPool;
  /** For the job engine's `fromPglite`: the same turns as every other query. */
  engineClient: {
    query<T = unknown>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
    exec(text: string): Promise<Array<{ rows: unknown[] }>>;
    listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  };
  close(): Promise<void>;
}

export interface EmbeddedOptions {
  /** A directory, or "memory://" for a store that lives as long as the process. */
  dataDir: string;
  /** A dump of a migrated store to start from (tests). */
  loadDataDir?: Blob;
  busyWaitMs?: number;
  onClose?: () => void;
}

export async function openEmbedded(options: EmbeddedOptions): Promise<EmbeddedStore> {
  const pglite = await PGlite.create(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const turns = new Turns();
  const waitMs = options.busyWaitMs ?? 60_000;
  let ended = false;

  const query = async <T>(text: string, params: ReadonlyArray<unknown>) => {
    const result = await pglite.query<T>(text, [...params]);
    return { command: commandOf(text), rowCount: result.affectedRows ?? result.rows.length, rows: result.rows } as PostgresQueryResult<T>;
  };

  const pool: PostgresPool = {
    async connect(): Promise<PostgresPoolClient> {
      if (ended) throw new Error("The embedded store is closed.");
      const leave = await turns.take(waitMs);
      let released = false;
      return {
        query: query as PostgresPoolClient["query"],
        release() {
          if (released) return;
          released = true;
          leave();
        },
      };
    },
    // Kysely's destroy() ends here: the embedded store closes with it.
    async end() {
      await close();
    },
  };

  async function close() {
    if (ended) return;
    ended = true;
    try {
      await turns.run(waitMs, async () => {
        if (!pglite.closed) await pglite.close();
      });
    } finally {
      options.onClose?.();
    }
  }

  return {
    pglite,
    pool,
    engineClient: {
      query: <T>(text: string, params?: unknown[]) => turns.run(waitMs, () => pglite.query<T>(text, params)),
      exec: (text: string) => turns.run(waitMs, () => pglite.exec(text)),
      listen: (channel, callback) => pglite.listen(channel, callback),
    },
    close,
  };
}
