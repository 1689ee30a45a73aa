// The verification badge of part 1 §2 (Verified, Rejected, otherwise Pending), and "documents under review" while a
// complete set awaits an admin.
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";

const TONES = {
  verified: "bg-success-soft text-success",
  rejected: "bg-danger-soft text-danger",
  pending: "bg-warning-soft text-warning",
} as const;

export type VerificationStatus = keyof typeof TONES;

export function isUnderReview(status: VerificationStatus, submittedAt: number | null): boolean {
  return status === "pending" && submittedAt !== null;
}

export function VerificationBadge({ status, submittedAt }: { status: VerificationStatus; submittedAt: number | null }) {
  const { t } = useTranslation("profile");
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span
        className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold ${TONES[status]}`}
      >
        {status === "verified" ? <Icon name="check" className="size-3.5" /> : null}
        {t(`badge.${status}`)}
      </span>
      {isUnderReview(status, submittedAt) ? (
        <span className="inline-flex items-center rounded-full bg-info-soft px-2.5 py-0.5 text-sm font-semibold text-fg">
          {t("badge.underReview")}
        </span>
      ) : null}
    </span>
  );
}
