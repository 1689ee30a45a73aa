// Sign-out is a POST (a link or an image must not be able to sign anyone out).
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { endSession } from "~/accounts/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  try {
    const cookie = await endSession(request, context);
    return redirectWithToast("/", { type: "success", title: "toasts.signedOut" }, context.env, {
      headers: { "Set-Cookie": cookie },
    });
  } catch (error) {
    console.error("Sign-out failed", error);
    return redirectWithToast("/", { type: "error", title: "toasts.signOutFailed" }, context.env);
  }
}
