import { listTransfersEndpoint, startTransferEndpoint } from "@/lib/http/endpoints/transfers";
import { serveApi } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = serveApi(listTransfersEndpoint);
export const POST = serveApi(startTransferEndpoint);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
