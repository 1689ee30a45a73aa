// The information pages' documents on screen: paragraphs with [label](/path) links, lists, tables, a table of
// contents for the long ones, and "Last updated".
import { Link } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Block, DocumentSection, InformationDocument } from "~/information/content/types";
import { formatDate } from "~/utils/format";

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** A text with its [label](/path) links as links (internal paths only; anything else stays text). */
export function RichText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, to] = match;
    const at = match.index ?? 0;
    parts.push(text.slice(last, at));
    parts.push(
      to!.startsWith("/") && !to!.startsWith("//") ? (
        <Link key={at} to={to!} className="font-medium text-primary underline underline-offset-2 hover:no-underline">
          {label}
        </Link>
      ) : (
        whole
      ),
    );
    last = at + whole.length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}

export function BlockView({ block }: { block: Block }) {
  if (typeof block === "string") {
    return (
      <p>
        <RichText text={block} />
      </p>
    );
  }
  if ("list" in block) {
    return (
      <ul className="list-disc space-y-2 pl-5 marker:text-primary">
        {block.list.map((item) => (
          <li key={item}>
            <RichText text={item} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-line">
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <thead className="bg-subtle">
          <tr>
            {block.table.head.map((cell) => (
              <th key={cell} scope="col" className="px-3 py-2 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.table.rows.map((row) => (
            <tr key={row.join("|")} className="border-t border-line align-top">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="px-3 py-2 font-medium">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className="px-3 py-2 text-muted">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Section({ section }: { section: DocumentSection }) {
  return (
    <section id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
      <h2 id={`${section.id}-title`} className="text-xl font-bold tracking-tight">
        {section.title}
      </h2>
      <div className="mt-3 space-y-3 leading-7">
        {section.blocks.map((block, index) => (
          <BlockView key={index} block={block} />
        ))}
      </div>
    </section>
  );
}

/**
 * "Last updated", the intro, a table of contents (for documents of four sections or more) and the sections; then
 * `children`, which `appendix` names in the contents (the cookie page's preferences form).
 */
export function DocumentView({
  document,
  children,
  appendix,
}: {
  document: InformationDocument;
  children?: ReactNode;
  appendix?: { id: string; title: string };
}) {
  const { t, i18n } = useTranslation(["information", "pages"]);
  const withContents = document.sections.length >= 4;
  return (
    <div className="grid gap-10 lg:grid-cols-[16rem_1fr]">
      {withContents ? (
        <nav aria-labelledby="contents-title" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="contents-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
            {t("document.contents")}
          </h2>
          <ol className="mt-3 space-y-1.5 border-l border-line pl-4 text-sm">
            {[...document.sections, ...(appendix ? [appendix] : [])].map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-muted hover:text-primary hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className={`min-w-0 space-y-8 ${withContents ? "" : "lg:col-span-2 max-w-3xl"}`}>
        <p className="text-sm text-muted">
          {t("document.updated", { date: formatDate(`${document.updated}T12:00:00Z`, i18n.language, "long") })}
        </p>
        <div className="space-y-3 text-lg leading-8">
          {document.intro.map((paragraph) => (
            <p key={paragraph}>
              <RichText text={paragraph} />
            </p>
          ))}
        </div>
        {document.sections.map((section) => (
          <Section key={section.id} section={section} />
        ))}
        {children}
      </div>
    </div>
  );
}
