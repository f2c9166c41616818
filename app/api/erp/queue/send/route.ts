import { sendQueuedEndpoint } from "@/lib/http/endpoints/queue";
import { serveBrowser } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const POST = serveBrowser(sendQueuedEndpoint);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
