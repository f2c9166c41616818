import { enqueueEndpoint, queueOverviewEndpoint, removeQueuedEndpoint } from "@/lib/http/endpoints/queue";
import { serveApi } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = serveApi(queueOverviewEndpoint);
export const POST = serveApi(enqueueEndpoint);
export const DELETE = serveApi(removeQueuedEndpoint);
