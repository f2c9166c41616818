import { enqueueEndpoint, queueOverviewEndpoint, removeQueuedEndpoint } from "@/lib/http/endpoints/queue";
import { serveApi } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = serveApi(queueOverviewEndpoint);
export const POST = serveApi(enqueueEndpoint);
export const DELETE = serveApi(removeQueuedEndpoint);
export const { PUT, PATCH, OPTIONS } = otherMethods({ GET, POST, DELETE });
