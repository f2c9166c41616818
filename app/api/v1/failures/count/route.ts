import { failuresCountEndpoint } from "@/lib/http/endpoints/erp";
import { serveApi } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = serveApi(failuresCountEndpoint);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
