import { createScheduleEndpoint, listSchedulesEndpoint } from "@/lib/http/endpoints/schedules";
import { serveApi } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = serveApi(listSchedulesEndpoint);
export const POST = serveApi(createScheduleEndpoint);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
