// /admin opens on the listings waiting for a decision. The component never renders (the loader always answers with
// a redirect or the guard's 401/403); it exists so the route has a browser module to hydrate with.
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/accounts/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return redirect("/admin/listings");
}

export default function AdminIndex() {
  return null;
}
