import { route } from "@/lib/api/route";
import * as queue from "@/lib/api/queue";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: queue.queueOverview, POST: queue.enqueue, DELETE: queue.removeQueued });
