import { stopTransferEndpoint } from "@/lib/http/endpoints/transfers";
import { serveBrowser } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = serveBrowser(stopTransferEndpoint);
