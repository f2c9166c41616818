// In-memory log of /v1 requests, built from an allow-list so it never holds the Authorization header.

export interface RequestLogEntry {
  seq: number;
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorized: boolean;
  /** null when the connection was destroyed instead of answered (drop, drop-mid-body). */
  status: number | null;
  durationMs: number;
  faultId: number | null;
}

export const REQUEST_LOG_CAP = 100_000;

/** Ring buffer: seqs held are always the contiguous range (lastSeq - size, lastSeq]. */
export class RequestLog {
  private readonly buf: (RequestLogEntry | undefined)[];
  private start = 0;
  private size = 0;
  private seq = 0;

  constructor(private readonly cap: number = REQUEST_LOG_CAP) {
    this.buf = new Array<RequestLogEntry | undefined>(cap);
  }

  get lastSeq(): number {
    return this.seq;
  }

  append(entry: Omit<RequestLogEntry, "seq">): RequestLogEntry {
    const e: RequestLogEntry = { seq: ++this.seq, ...entry };
    if (this.size < this.cap) {
      this.buf[(this.start + this.size) % this.cap] = e;
      this.size++;
    } else {
      this.buf[this.start] = e;
      this.start = (this.start + 1) % this.cap;
    }
    return e;
  }

  since(since: number, limit: number = Number.POSITIVE_INFINITY): RequestLogEntry[] {
    const firstSeq = this.seq - this.size + 1;
    const from = Math.max(since + 1, firstSeq);
    const out: RequestLogEntry[] = [];
    for (let s = from; s <= this.seq && out.length < limit; s++) {
      const e = this.buf[(this.start + (s - firstSeq)) % this.cap];
      if (e) out.push(e);
    }
    return out;
  }

  /** Empties the log; seq keeps counting so pollers never see a number twice. */
  clear(): void {
    this.buf.fill(undefined);
    this.start = 0;
    this.size = 0;
  }
}
