// CLI entry of the Labs /v1 emulator (`npm run emulator`). Never prints the token.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createEmulator } from "./server";

function fail(message: string): never {
  console.error(`Labs emulator: ${message}`);
  process.exit(1);
}

function readPort(): number {
  const raw = process.env.EMULATOR_PORT;
  if (raw === undefined || raw.trim() === "") return 4010;
  const t = raw.trim();
  const n = Number(t);
  if (!/^\d{1,5}$/.test(t) || n > 65535) fail(`EMULATOR_PORT must be an integer between 0 and 65535 (got "${raw}").`);
  return n;
}

/** LABS_API_TOKEN, else the token kept in the data dir (created once, mode 0600). */
function readToken(dataDir: string): string {
  const fromEnv = process.env.LABS_API_TOKEN?.trim();
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, "emulator-token");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing !== "") {
      console.log(`Labs emulator: LABS_API_TOKEN is unset; using the token stored in ${file}`);
      return existing;
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") fail(`cannot read ${file}: ${(err as Error).message}`);
  }
  const token = randomBytes(24).toString("base64url");
  try {
    fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
    fs.chmodSync(file, 0o600);
  } catch (err) {
    fail(`cannot write ${file}: ${(err as Error).message}`);
  }
  console.log(`Labs emulator: LABS_API_TOKEN is unset; generated a token and stored it in ${file}`);
  return token;
}

async function main(): Promise<void> {
  const port = readPort();
  const host = process.env.EMULATOR_HOST?.trim() || "127.0.0.1";
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || "./data");
  try {
    fs.mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    fail(`cannot create DATA_DIR ${dataDir}: ${(err as Error).message}`);
  }
  const dbFile = process.env.EMULATOR_DB?.trim() || path.join(dataDir, "emulator.sqlite");
  const token = readToken(dataDir);

  // Its store holds the demo token's orders and request log: readable by this user only, as the token file is.
  process.umask(0o077);
  let emulator;
  try {
    emulator = createEmulator({ token, dbFile });
  } catch (err) {
    fail(`cannot open ${dbFile}: ${(err as Error).message}`);
  }
  let address;
  try {
    address = await emulator.listen(port, host);
  } catch (err) {
    await emulator.close().catch(() => undefined);
    fail(`cannot listen on ${host}:${port}: ${(err as Error).message}`);
  }
  console.log(`Labs emulator listening on ${address.url}`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    emulator
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error("Labs emulator: error while closing:", err);
        process.exit(1);
      });
  };
  // Under `npm start` the parent stops it after the console, whose calls in flight still need answers.
  if (process.env.EMULATOR_PARENT_STOPS !== "1") process.on("SIGINT", stop);
  else process.on("SIGINT", () => undefined);
  process.on("SIGTERM", stop);
}

void main();
