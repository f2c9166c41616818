import { readHandoverEndpoint } from "@/lib/http/endpoints/handover";
import { serveBrowser } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const POST = serveBrowser(readHandoverEndpoint);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
