// Where the host's payouts stand, in a few words (decision 023): the state's badge, what waits for it, and the way to
// /profile/payouts. On /profile and, for hosts with listings, on /host-dashboard (with the statements' link).
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";
import type { PayoutSetupState } from "~/payouts/account-status";
import { formatMoney } from "~/utils/format";

const TONES: Record<PayoutSetupState, string> = {
  not_started: "bg-subtle text-fg",
  details_needed: "bg-warning-soft text-warning",
  in_review: "bg-info-soft text-fg",
  enabled: "bg-success-soft text-success",
};

export function PayoutStateBadge({ state }: { state: PayoutSetupState }) {
  const { t } = useTranslation("payouts");
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold ${TONES[state]}`}>
      {state === "enabled" ? <Icon name="check" className="size-3.5" /> : null}
      {t(`state.${state}`)}
    </span>
  );
}

export function PayoutSetupCard({
  state,
  waiting,
  statements = false,
  className = "",
}: {
  state: PayoutSetupState;
  waiting: number;
  /** Also links the host's payout statements (on /host-dashboard). */
  statements?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation("payouts");
  const link = "font-semibold text-primary underline-offset-2 hover:underline";
  return (
    <section
      aria-labelledby="payout-card-title"
      className={`rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-6 ${className}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="payout-card-title" className="text-lg font-bold">
          {t("card.title")}
        </h2>
        <PayoutStateBadge state={state} />
      </div>
      <p className="mt-2 text-sm text-muted">{t(`card.text.${state}`)}</p>
      {waiting > 0 ? (
        <p className="mt-2 text-sm font-semibold">
          {t("card.waiting", { amount: formatMoney(waiting, i18n.language) })}
        </p>
      ) : null}
      <p className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <Link to="/profile/payouts" className={link}>
          {state === "not_started" ? t("card.setUp") : t("card.manage")}
        </Link>
        {statements ? (
          <Link to="/host-dashboard/payouts" className={link}>
            {t("card.statements")}
          </Link>
        ) : null}
      </p>
    </section>
  );
}
