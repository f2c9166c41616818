import { sendQueuedEndpoint } from "@/lib/http/endpoints/queue";
import { serveBrowser } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = serveBrowser(sendQueuedEndpoint);
