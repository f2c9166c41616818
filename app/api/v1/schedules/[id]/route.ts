import { changeScheduleEndpoint, deleteScheduleEndpoint } from "@/lib/http/endpoints/schedules";
import { serveApi } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const PUT = serveApi(changeScheduleEndpoint);
export const DELETE = serveApi(deleteScheduleEndpoint);
