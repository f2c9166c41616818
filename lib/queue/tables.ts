import type { ColumnType, Selectable } from "kysely";

export type QueueOrigin = "console" | "api";

export interface OrderQueueTable {
  order_id: string;
  queued_at: Date;
  queued_by_email: string;
  queued_by_name: string;
  origin: QueueOrigin;
  source: ColumnType<string | null, string | null | undefined, string | null>;
  order_date: ColumnType<Date | null, Date | null | undefined, Date | null>;
  package_id: ColumnType<string | null, string | null | undefined, string | null>;
  traceparent: string | null;
}

export interface OrderQueueArrivalsTable {
  hour: Date;
  pushes: number;
  orders: number;
  last_at: Date;
}

export interface QueueTables {
  order_queue: OrderQueueTable;
  order_queue_arrivals: OrderQueueArrivalsTable;
}

export type QueuedOrderRecord = Selectable<OrderQueueTable>;
