import { pinnedHandoverEndpoint, writeHandoverEndpoint } from "@/lib/http/endpoints/handover";
import { serveBrowser } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = serveBrowser(pinnedHandoverEndpoint);
export const POST = serveBrowser(writeHandoverEndpoint);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
