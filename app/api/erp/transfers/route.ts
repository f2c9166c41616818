import { listTransfersEndpoint, startTransferEndpoint } from "@/lib/http/endpoints/transfers";
import { serveBrowser } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = serveBrowser(listTransfersEndpoint);
export const POST = serveBrowser(startTransferEndpoint);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
