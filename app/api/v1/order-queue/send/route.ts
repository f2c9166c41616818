import { sendQueuedEndpoint } from "@/lib/http/endpoints/queue";
import { serveApi } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = serveApi(sendQueuedEndpoint);
