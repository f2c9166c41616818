
function cookiesOf(res: Response): Map<string, string> {
  const out = new Map<string, string>();
  for (const header of res.headers.getSetCookie()) {
    const [pair = ""] = header.split(";");
    const eq = pair.indexOf("=");
    if (eq > 0) out.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return out;
}

export interface Session {
  cookie: string;
  name: string;
  value: string;
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<Session> {
  const csrfRes = await fetch(`${baseUrl}/api/auth/csrf`);
  if (!csrfRes.ok) throw new Error(`GET /api/auth/csrf answered ${csrfRes.status}`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const jar = cookiesOf(csrfRes);
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
      Origin: baseUrl,
    },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${baseUrl}/warehouses` }),
  });
  const session = [...cookiesOf(res)].find(([k]) => k.endsWith("authjs.session-token"));
  if (!session) throw new Error(`signing in as ${email} failed (HTTP ${res.status}, location ${res.headers.get("location")})`);
  const [name, value] = session;
  return { cookie: `${name}=${value}`, name, value };
}

export interface EmulatorLogEntry {
  seq: number;
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  status: number | null;
  durationMs: number;
}

export class EmulatorControl {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}/__emulator${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`emulator ${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  async clearLog(): Promise<number> {
    return (await this.call<{ lastSeq: number }>("DELETE", "/requests")).lastSeq;
  }

  async requestsSince(seq: number): Promise<EmulatorLogEntry[]> {
    return (await this.call<{ requests: EmulatorLogEntry[] }>("GET", `/requests?since=${seq}`)).requests;
  }
}
