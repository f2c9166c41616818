import { stopTransferEndpoint } from "@/lib/http/endpoints/transfers";
import { serveBrowser } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const POST = serveBrowser(stopTransferEndpoint);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
