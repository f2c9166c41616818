import { apiRoute } from "@/lib/api/route";
import * as queue from "@/lib/api/queue";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({ POST: queue.sendQueued });
