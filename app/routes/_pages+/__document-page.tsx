// A legal or policy page: its title, "Last updated", contents and sections (terms, privacy, cookies, disclaimer).
import type { ReactNode } from "react";
import { InfoPage } from "~/components/information/info-page";
import { DocumentView } from "~/components/information/rich-text";
import type { InformationDocument } from "~/information/content/types";

export function DocumentPage({
  title,
  content,
  children,
  appendix,
}: {
  title: string;
  content: InformationDocument;
  children?: ReactNode;
  appendix?: { id: string; title: string };
}) {
  return (
    <InfoPage title={title}>
      <DocumentView document={content} appendix={appendix}>
        {children}
      </DocumentView>
    </InfoPage>
  );
}
