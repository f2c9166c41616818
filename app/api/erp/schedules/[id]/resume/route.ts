import { resumeScheduleEndpoint } from "@/lib/http/endpoints/schedules";
import { serveBrowser } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = serveBrowser(resumeScheduleEndpoint);
