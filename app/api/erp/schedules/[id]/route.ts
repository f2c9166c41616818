import { changeScheduleEndpoint, deleteScheduleEndpoint } from "@/lib/http/endpoints/schedules";
import { serveBrowser } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const PUT = serveBrowser(changeScheduleEndpoint);
export const DELETE = serveBrowser(deleteScheduleEndpoint);
export const { GET, POST, PATCH, OPTIONS } = otherMethods({ PUT, DELETE });
