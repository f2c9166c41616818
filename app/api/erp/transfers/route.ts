import { listTransfersEndpoint, startTransferEndpoint } from "@/lib/http/endpoints/transfers";
import { serveBrowser } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = serveBrowser(listTransfersEndpoint);
export const POST = serveBrowser(startTransferEndpoint);
