import type { Kysely } from "kysely";
import type { Database, ErpTransferRun } from "@/lib/store/schema";
import type { RunJob } from "@/lib/erp/transfers/runs";
import { readPending, takeBatch, type ClaimedBatch, type PendingOrder } from "@/lib/erp/transfers/settling";

// A new run's order ids by its first job's id, so that job's worker here reads no 10,000 rows back; bounded, as another instance may work it.
const createdOrders = new Map<string, readonly string[]>();
const CREATED_ORDERS_KEPT = 50_000;
let createdOrdersHeld = 0;

export function rememberCreatedOrders(jobId: string, orderIds: readonly string[]): void {
  if (orderIds.length > CREATED_ORDERS_KEPT) return;
  createdOrders.set(jobId, orderIds);
  createdOrdersHeld += orderIds.length;
  for (const [oldest, ids] of createdOrders) {
    if (createdOrdersHeld <= CREATED_ORDERS_KEPT) break;
    createdOrders.delete(oldest);
    createdOrdersHeld -= ids.length;
  }
}

function takeCreatedOrders(jobId: string): readonly string[] | undefined {
  const ids = createdOrders.get(jobId);
  if (ids) {
    createdOrders.delete(jobId);
    createdOrdersHeld -= ids.length;
  }
  return ids;
}

// Read ahead a range of positions at a time while a batch is on the wire: store reads stay off the path between upstream calls.
export class ReadAhead {
  private readonly ahead: PendingOrder[] = [];
  private readThrough: number;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly job: RunJob,
    private readonly run: Pick<ErpTransferRun, "total_orders" | "batch_size" | "transferred_through">,
    private readonly readAhead: number,
    private readonly inFlight: number,
  ) {
    const total = run.total_orders;
    const batchSize = run.batch_size;
    this.readThrough = run.transferred_through;
    const created = takeCreatedOrders(job.jobId);
    if (created && this.readThrough === 0 && created.length === total) {
      created.forEach((orderId, i) => this.ahead.push({ position: i + 1, order_id: orderId, batch: Math.ceil((i + 1) / batchSize) }));
      this.readThrough = total;
    }
  }

  private readMore(): Promise<void> {
    return (this.reading ??= (async () => {
      try {
        const through = Math.min(this.run.total_orders, this.readThrough + this.readAhead);
        this.ahead.push(...(await readPending(this.db, this.job.runId, this.readThrough, through)));
        this.readThrough = through;
      } finally {
        this.reading = null;
      }
    })());
  }

  // A batch can straddle a range's end: read on until the buffer holds a whole batch (or nothing is left).
  private wholeBatchAhead(): boolean {
    return this.readThrough >= this.run.total_orders || this.ahead.length > this.run.batch_size;
  }

  async nextBatch(): Promise<ClaimedBatch | null> {
    while (!this.wholeBatchAhead()) await this.readMore();
    return takeBatch(this.ahead, this.run.batch_size);
  }

  inBackground(): void {
    if (this.readThrough < this.run.total_orders && this.ahead.length <= (this.inFlight + 1) * this.run.batch_size) this.readMore().catch(() => undefined);
  }

  get leftOver(): boolean {
    return this.ahead.length > 0 || this.readThrough < this.run.total_orders;
  }
}
