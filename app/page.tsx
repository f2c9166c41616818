import { redirect } from "next/navigation";
import { requirePageMember } from "@/lib/auth/session";

// Members go to the list; a caller without a valid session goes straight to sign in.
export default async function Home() {
  await requirePageMember();
  redirect("/warehouses");
}
