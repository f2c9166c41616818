import { createScheduleEndpoint, listSchedulesEndpoint } from "@/lib/http/endpoints/schedules";
import { serveApi } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = serveApi(listSchedulesEndpoint);
export const POST = serveApi(createScheduleEndpoint);
