import { listImportsEndpoint, startImportEndpoint } from "@/lib/http/endpoints/erp";
import { serveApi } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = serveApi(listImportsEndpoint);
export const POST = serveApi(startImportEndpoint);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
