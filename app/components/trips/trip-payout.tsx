// The host's payout on the trip page: what reaches them for this booking and where its transfer stands, or, before
// the booking is settled, about how much and from when. Shown to the host, and to admins (who see the host's earnings
// on the page too); never to the renter (the loader sends nothing for them).
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TripPayout as Payout } from "~/payouts/statements.server";
import { TripSection } from "~/components/trips/trip-records-view";
import { buttonClass } from "~/components/ui/button";
import { formatDate, formatDateTime, formatMoney } from "~/utils/format";

export function TripPayout({ payout, own }: { payout: Payout; own: boolean }) {
  const { t, i18n } = useTranslation("statements");
  const language = i18n.language;
  const money = (cents: number) => formatMoney(cents, language);
  const when = (at: number) => formatDateTime(at, language);
  let text: string;
  let detail: string | null = null;
  let waiting = false;
  if (payout.state === "owed") {
    const transfer = payout.transfer;
    switch (transfer.status) {
      case "paid":
        text =
          transfer.paidAt !== null ? t("trip.paid", { date: formatDate(transfer.paidAt, language) }) : t("state.paid");
        break;
      case "failed":
        text = transfer.reason ? t("trip.failed", { reason: transfer.reason }) : t("trip.failedNoReason");
        if (transfer.nextAttemptAt !== null) detail = t("trip.nextAttempt", { time: when(transfer.nextAttemptAt) });
        break;
      case "waiting_for_account":
        text = t(own ? "trip.waitingOwn" : "trip.waiting");
        waiting = true;
        break;
      default:
        text = t(`trip.${transfer.status}`);
    }
  } else if (payout.after === "claim_window" && payout.from === null) {
    text = t("trip.after_claim_window_unknown");
  } else {
    text = t(`trip.after_${payout.after}`, { time: payout.from === null ? "" : when(payout.from) });
  }
  // Before the payout is written the host learns early that an account is needed; once it waits, it says so itself.
  const needsAccount = own && !payout.accountReady && (waiting || payout.state === "expected");
  return (
    <TripSection id="trip-payout" title={t("trip.title")}>
      <p className="mt-1 text-sm text-muted">{t(payout.state === "owed" ? "trip.amount" : "trip.expected")}</p>
      <p className="text-2xl font-bold tabular-nums" data-payout-amount>
        {money(payout.amount)}
      </p>
      <p
        className={`mt-2 font-semibold ${payout.state === "owed" && payout.transfer.status === "failed" ? "text-danger" : ""}`}
        data-payout-state={payout.state === "owed" ? payout.transfer.status : `expected_${payout.after}`}
      >
        {text}
      </p>
      {detail ? <p className="mt-1 text-sm text-muted">{detail}</p> : null}
      {payout.state === "owed" && payout.reversed > 0 ? (
        <p className="mt-1 text-sm">{t("trip.reversed", { amount: money(payout.reversed) })}</p>
      ) : null}
      {needsAccount || own ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          {needsAccount ? (
            <>
              {waiting ? null : <span>{t("trip.needsAccount")}</span>}
              <Link to="/profile/payouts" className={buttonClass("secondary", "sm")}>
                {t("trip.setUp")}
              </Link>
            </>
          ) : null}
          {own ? (
            <Link to="/host-dashboard/payouts" className="font-semibold text-primary hover:underline">
              {t("trip.statement")}
            </Link>
          ) : null}
        </div>
      ) : null}
    </TripSection>
  );
}
