import { apiRoute } from "@/lib/api/route";
import * as queue from "@/lib/api/queue";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({ GET: queue.queueOverview, POST: queue.enqueue, DELETE: queue.removeQueued });
