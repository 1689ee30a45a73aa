// What a list shows when it has nothing in it: a dashed frame with centred text, in two sizes. `EmptyState` stands in
// for a page's or a tab's whole list (an icon, a heading, a line of help, where to go next); `EmptyNote` is the one
// line a section says in its list's place. `className` places the frame (its top margin); the look is here.
import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icons";

export function EmptyState({
  icon,
  title,
  text,
  action,
  titleId,
  compact = false,
  className = "",
}: {
  icon: IconName;
  title: ReactNode;
  text?: ReactNode;
  /** The way on from an empty list: browse, create, clear the filters. */
  action?: { to: string; label: ReactNode };
  /** Makes the frame a section named by its heading, for a page whose other parts are sections too. */
  titleId?: string;
  /** Less height, for the admin's denser lists. */
  compact?: boolean;
  className?: string;
}) {
  const Frame = titleId ? "section" : "div";
  return (
    <Frame
      aria-labelledby={titleId}
      className={`flex flex-col items-center rounded-2xl border border-dashed border-line bg-surface px-6 ${compact ? "py-12" : "py-14"} text-center ${className}`.trim()}
    >
      <Icon name={icon} className="size-10 text-muted" />
      <h2 id={titleId} className="mt-4 text-lg font-semibold">
        {title}
      </h2>
      {text ? <p className="mt-1 max-w-md text-muted">{text}</p> : null}
      {action ? (
        <ButtonLink to={action.to} className="mt-6">
          {action.label}
        </ButtonLink>
      ) : null}
    </Frame>
  );
}

export function EmptyNote({
  children,
  compact = false,
  filled = true,
  className = "",
}: {
  children: ReactNode;
  /** Less padding, for a note inside a section of its own. */
  compact?: boolean;
  /** On the surface colour with the larger rounding (a card among cards); otherwise the frame alone. */
  filled?: boolean;
  className?: string;
}) {
  return (
    <p
      className={`${filled ? "rounded-2xl bg-surface" : "rounded-xl"} border border-dashed border-line ${compact ? "p-6" : "p-8"} text-center text-muted ${className}`.trim()}
    >
      {children}
    </p>
  );
}
