import { pauseScheduleEndpoint } from "@/lib/http/endpoints/schedules";
import { serveApi } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const POST = serveApi(pauseScheduleEndpoint);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
