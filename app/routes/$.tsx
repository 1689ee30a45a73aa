// Any URL no route claims: a 404 inside the layout.
import { notFound } from "~/accounts/guards.server";

export async function loader() {
  notFound("errors.notFound", "errors.notFoundTitle");
}

export async function action() {
  notFound("errors.notFound", "errors.notFoundTitle");
}

export default function NotFound() {
  return null;
}
