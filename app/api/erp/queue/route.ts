import { enqueueEndpoint, queueOverviewEndpoint, removeQueuedEndpoint } from "@/lib/http/endpoints/queue";
import { serveBrowser } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = serveBrowser(queueOverviewEndpoint);
export const POST = serveBrowser(enqueueEndpoint);
export const DELETE = serveBrowser(removeQueuedEndpoint);
export const { PUT, PATCH, OPTIONS } = otherMethods({ GET, POST, DELETE });
