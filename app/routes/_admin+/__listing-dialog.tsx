// What the listing dialogs of /admin share: the car they are about, the way back to the list as it was (its filter
// and page travel in the dialog's query string), and the approve and reject dialogs' one page.
import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Badge } from "~/components/cars/car-badges";
import { formatNumber } from "~/utils/format";

export type ListingDecision = "approve" | "reject";

/** The words of each decision; `refused` is also the action's answer when the listing's status no longer allows it. */
export const DECISIONS = {
  approve: {
    title: "titles.approve",
    submit: "listings.approveSubmit",
    confirm: "listings.approveConfirm",
    refused: "admin:errors.cannotApprove",
    variant: "primary",
  },
  reject: {
    title: "titles.reject",
    submit: "listings.rejectSubmit",
    confirm: "listings.rejectConfirm",
    refused: "admin:errors.cannotReject",
    variant: "danger",
  },
} as const;

export function backToList(request: Request) {
  return `/admin/listings${new URL(request.url).search}`;
}

interface DialogCar {
  make: string;
  model: string;
  year: number;
  mileage: number;
  location: string;
  status: string;
  ownerEmail: string;
}

/**
 * "Approve this listing?" or "Reject this listing?": the car, any field the decision needs (`children`), the question
 * and the button. `allowed` false (the listing was decided meanwhile) shows why it cannot be made before a post.
 */
export function ListingDecisionDialog({
  decision,
  car,
  allowed,
  error,
  children,
}: {
  decision: ListingDecision;
  car: DialogCar;
  allowed: boolean;
  /** The action's answer, a translation key. */
  error?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("admin");
  const { search } = useLocation();
  const words = DECISIONS[decision];
  return (
    <ConfirmDialog
      title={t(words.title)}
      closeTo={`/admin/listings${search}`}
      submitLabel={t(words.submit)}
      variant={words.variant}
      error={error ?? (allowed ? null : words.refused)}
    >
      <ListingSummary car={car} />
      {children}
      <p>{t(words.confirm)}</p>
    </ConfirmDialog>
  );
}

export function ListingSummary({ car }: { car: DialogCar }) {
  const { t, i18n } = useTranslation("admin");
  return (
    <div className="rounded-xl border border-line bg-surface p-3">
      <p className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        {car.make} {car.model} {car.year} <Badge>{t(`status.${car.status}`)}</Badge>
      </p>
      <p className="text-sm text-muted">
        {formatNumber(car.mileage, i18n.language)} km · {car.location} · {car.ownerEmail}
      </p>
    </div>
  );
}
