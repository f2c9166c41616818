import http from "node:http";
import { expect } from "@playwright/test";
import { E2E_PORT } from "@/test/env";

// Plain HTTP from another loopback address (Linux routes 127.0.0.0/8 to lo): each caller burns only its own sign-in budget.

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function call(
  from: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string; jar?: Map<string, string>; to?: string; port?: number } = {},
): Promise<Answer> {
  const jar = options.jar;
  const cookie = jar && jar.size > 0 ? [...jar].map(([k, v]) => `${k}=${v}`).join("; ") : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: options.to ?? "127.0.0.1",
        port: options.port ?? E2E_PORT,
        path,
        method,
        localAddress: from,
        agent: false,
        headers: { ...options.headers, ...(cookie ? { Cookie: cookie } : {}) },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => {
          for (const line of res.headers["set-cookie"] ?? []) {
            const [pair] = line.split(";");
            const at = pair!.indexOf("=");
            jar?.set(pair!.slice(0, at), pair!.slice(at + 1));
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

export async function client(from: string, port?: number) {
  const jar = new Map<string, string>();
  const csrf = await call(from, "GET", "/api/auth/csrf", { jar, port });
  expect(csrf.status).toBe(200);
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  return {
    jar,
    call: (method: string, path: string, options: { headers?: Record<string, string>; body?: string; port?: number } = {}) =>
      call(from, method, path, { ...options, jar, port: options.port ?? port }),
    /** "success", or the failure code of the redirect (credentials, throttled, ...). */
    async signIn(email: string, password: string, headers: Record<string, string> = {}): Promise<string> {
      const res = await call(from, "POST", "/api/auth/callback/credentials", {
        jar,
        port,
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ csrfToken, email, password }).toString(),
      });
      expect(res.status, res.body).toBe(302);
      const location = String(res.headers.location);
      return /[?&]error=/.test(location) ? (/[?&]code=([a-z_]+)/.exec(location)?.[1] ?? "error") : "success";
    },
  };
}

