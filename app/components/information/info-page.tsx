// The frame of every information page: a heading with an optional lead, then the page's own content.
import type { ReactNode } from "react";

export function InfoPage({
  title,
  lead,
  children,
  width = "max-w-6xl",
}: {
  title: string;
  lead?: string;
  children: ReactNode;
  width?: string;
}) {
  return (
    <div className={`mx-auto ${width} px-4 py-8 sm:px-6 sm:py-10`}>
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-3 text-lg text-muted">{lead}</p> : null}
      </header>
      <div className="mt-8">{children}</div>
    </div>
  );
}
