import { createRequire } from "node:module";

// autocannon ships no types; these are the parts the benchmark and the load test use.

export interface CannonRequest {
  method: "GET";
  path: string;
  headers?: Record<string, string>;
  onResponse?: (status: number) => void;
}

export interface CannonClient {
  setRequests(requests: CannonRequest[]): void;
}

export interface Histogram {
  average: number;
  mean: number;
  stddev: number;
  min: number;
  max: number;
  p50: number;
  p90: number;
  p99: number;
  total: number;
}

export interface CannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
  statusCodeStats: Record<string, { count: number }>;
  latency: Histogram;
  requests: Histogram & { sent: number };
  throughput: Histogram;
}

export interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  timeout?: number;
  headers?: Record<string, string>;
  requests?: CannonRequest[];
  setupClient?: (client: CannonClient) => void;
}

export const autocannon = createRequire(import.meta.url)("autocannon") as (opts: CannonOptions) => Promise<CannonResult>;
