import { spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { appendFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { startBalancer, type Balancer } from "@/scripts/balancer";
import { startThrowawayServer } from "@/lib/db/local-server";
import { createTestDatabase } from "@/test/test-database";
import { waitUntilReady } from "@/test/wait-ready";
import { E2E_UPSTREAM_TOKEN } from "@/test/env";

// Two built instances on one PostgreSQL database behind the documented balancer; TEST_DATABASE_URL's server or one started here.

export const CLUSTER = {
  balancerPort: Number(process.env.E2E_CLUSTER_PORT ?? 3220),
  emulatorPort: Number(process.env.E2E_CLUSTER_EMULATOR_PORT ?? 4220),
  ports: { a: 3221, b: 3222 } as Record<InstanceName, number>,
  authSecret: "cluster-e2e-auth-secret-0123456789abcdef",
  dataDir: ".e2e-cluster",
};

export type InstanceName = "a" | "b";
const root = path.resolve(import.meta.dirname, "..", "..");

export interface Instance {
  name: InstanceName;
  url: string;
  child: ChildProcess;
  log: string[];
}

function run(args: string[], env: Record<string, string>, log: string[], file: string): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  // Kept in memory for the test and in the cluster's data folder for a person.
  const keep = (chunk: Buffer) => {
    log.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    appendFileSync(path.join(root, CLUSTER.dataDir, file), chunk);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return child;
}

export class Cluster {
  emulatorUrl = `http://127.0.0.1:${CLUSTER.emulatorPort}`;
  instances = new Map<InstanceName, Instance>();
  private emulator?: ChildProcess;
  private balancer?: Balancer;
  private dropDatabase?: () => Promise<void>;
  private stopServer?: () => Promise<void>;
  databaseUrl = "";

  get url(): string {
    return this.balancer!.url;
  }

  instance(name: InstanceName): Instance {
    return this.instances.get(name)!;
  }

  async start(): Promise<void> {
    rmSync(path.join(root, CLUSTER.dataDir), { recursive: true, force: true });
    mkdirSync(path.join(root, CLUSTER.dataDir), { recursive: true });
    if (!process.env.TEST_DATABASE_URL?.trim()) {
      const server = await startThrowawayServer();
      process.env.TEST_DATABASE_URL = server.url;
      this.stopServer = async () => {
        await server.stop();
        delete process.env.TEST_DATABASE_URL;
      };
    }
    const database = await createTestDatabase("labs_cluster");
    this.databaseUrl = database.url;
    this.dropDatabase = database.drop;
    const emulatorLog: string[] = [];
    this.emulator = run(["emulator/main.ts"], { EMULATOR_PORT: String(CLUSTER.emulatorPort), LABS_API_TOKEN: E2E_UPSTREAM_TOKEN, DATA_DIR: path.join(CLUSTER.dataDir, "emulator") }, emulatorLog, "emulator.log");
    await waitUntilReady(`${this.emulatorUrl}/__emulator/health`, this.emulator, "the cluster's emulator", { Authorization: `Bearer ${E2E_UPSTREAM_TOKEN}` });
    await Promise.all((["a", "b"] as const).map((name) => this.startInstance(name)));
    this.balancer = await startBalancer(CLUSTER.balancerPort, Object.values(CLUSTER.ports).map((p) => `http://127.0.0.1:${p}`));
  }

  async startInstance(name: InstanceName): Promise<Instance> {
    const log: string[] = [];
    const port = CLUSTER.ports[name];
    const child = run(
      ["scripts/server.ts"],
      {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: this.databaseUrl,
        DATABASE_POOL_SIZE: "5",
        AUTH_SECRET: CLUSTER.authSecret,
        LABS_API_URL: this.emulatorUrl,
        LABS_API_TOKEN: E2E_UPSTREAM_TOKEN,
        LABS_DEMO_MODE: "1",
        DATA_DIR: path.join(CLUSTER.dataDir, name),
        TRUSTED_PROXY_HOPS: "1",
        // Only a cross-instance notice can make another instance's edit searchable within 2 s.
        WAREHOUSE_INDEX_TTL_SECONDS: "3600",
        JOBS_HEARTBEAT_SECONDS: "10",
        JOBS_SUPERVISE_SECONDS: "2",
        LOG_LEVEL: "info",
        CONSOLE_LOG_FILE: "",
        // The shared breaker probes every 2 s with one order and drains at once; a slow import call (25 s) still answers.
        BREAKER_PROBE_SECONDS: "2",
        BREAKER_PROBE_ORDERS: "1",
        TRANSFER_DRAIN_BATCHES_PER_MINUTE: "60",
        LABS_API_TIMEOUT_MS: "30000",
        ALERT_TICK_SECONDS: "10",
      },
      log,
      `${name}.log`,
    );
    const instance: Instance = { name, url: `http://127.0.0.1:${port}`, child, log };
    this.instances.set(name, instance);
    await waitUntilReady(`${instance.url}/api/health`, child, `console instance ${name}`);
    return instance;
  }

  /** One statement on the instances' database, for what no API sets (a schedule's due time). */
  async sql(text: string, values: unknown[] = []): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      await client.query(text, values);
    } finally {
      await client.end();
    }
  }

  /** `kill -9`: no shutdown code runs. */
  async kill(name: InstanceName): Promise<void> {
    const { child } = this.instance(name);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
  }

  /** A signal as a deploy sends it (SIGTERM): the instance's own graceful stop runs; its exit code and how long it took. */
  async signal(name: InstanceName, signal: NodeJS.Signals = "SIGTERM"): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
    const { child } = this.instance(name);
    const started = Date.now();
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once("exit", (code, sig) => r({ code, signal: sig })));
    child.kill(signal);
    return { ...(await exited), ms: Date.now() - started };
  }

  async stop(): Promise<void> {
    await this.balancer?.close();
    for (const { child } of this.instances.values()) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    if (this.emulator && this.emulator.exitCode === null) this.emulator.kill("SIGTERM");
    await Promise.all(
      [...[...this.instances.values()].map((i) => i.child), this.emulator].map((c) =>
        c && c.exitCode === null && c.signalCode === null ? new Promise((r) => { c.once("exit", r); setTimeout(r, 5000); }) : null,
      ),
    );
    await this.dropDatabase?.().catch(() => undefined);
    await this.stopServer?.();
  }
}
