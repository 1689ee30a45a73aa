import type { MetaDescriptor } from "@remix-run/cloudflare";

/** A page's <title> (and robots rule): loaders translate the title, since meta functions have no translator. */
export function pageMeta(
  title: string | undefined,
  options: { noindex?: boolean; description?: string } = {},
): MetaDescriptor[] {
  return [
    { title: title ? `${title} | Ratai` : "Ratai" },
    ...(options.description ? [{ name: "description", content: options.description }] : []),
    ...(options.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
