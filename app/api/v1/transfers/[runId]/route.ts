import { getTransferEndpoint } from "@/lib/http/endpoints/transfers";
import { serveApi } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = serveApi(getTransferEndpoint);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
