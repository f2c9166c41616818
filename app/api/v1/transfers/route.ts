import { listTransfersEndpoint, startTransferEndpoint } from "@/lib/http/endpoints/transfers";
import { serveApi } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = serveApi(listTransfersEndpoint);
export const POST = serveApi(startTransferEndpoint);
