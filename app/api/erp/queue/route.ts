import { enqueueEndpoint, queueOverviewEndpoint, removeQueuedEndpoint } from "@/lib/http/endpoints/queue";
import { serveBrowser } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = serveBrowser(queueOverviewEndpoint);
export const POST = serveBrowser(enqueueEndpoint);
export const DELETE = serveBrowser(removeQueuedEndpoint);
