import { changeScheduleEndpoint, deleteScheduleEndpoint, patchScheduleEndpoint } from "@/lib/http/endpoints/schedules";
import { serveApi } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const PUT = serveApi(changeScheduleEndpoint);
export const PATCH = serveApi(patchScheduleEndpoint);
export const DELETE = serveApi(deleteScheduleEndpoint);
export const { GET, POST, OPTIONS } = otherMethods({ PUT, PATCH, DELETE });
