import { changeScheduleEndpoint, deleteScheduleEndpoint } from "@/lib/http/endpoints/schedules";
import { serveApi } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const PUT = serveApi(changeScheduleEndpoint);
export const DELETE = serveApi(deleteScheduleEndpoint);
export const { GET, POST, PATCH, OPTIONS } = otherMethods({ PUT, DELETE });
