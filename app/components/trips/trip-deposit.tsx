// Where a trip's deposit is (held until the claim window ends, claimed, returned, partly kept, kept), the booking's
// refunds (on their way, made, or failed: being retried, or held for an admin), and the steps of the trip so far (a
// deposit's end with what was kept and what went back).
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { bankDaysValues } from "~/bookings/deposit-return";
import type { TripPage } from "~/trips/trip-page.server";
import { DepositReturnNote } from "~/components/bookings/deposit-return-note";
import { TripSection } from "~/components/trips/trip-records-view";
import { buttonClass } from "~/components/ui/button";
import { formatDate, formatDateTime, formatMoney } from "~/utils/format";

export function TripDeposit({
  bookingId,
  deposit,
  status,
}: {
  bookingId: string;
  deposit: TripPage["deposit"];
  status: TripPage["booking"]["status"];
}) {
  const { t, i18n } = useTranslation("trips");
  const language = i18n.language;
  const money = (cents: number) => formatMoney(cents, language);
  const claim = deposit.claim;
  const claimed = claim ? (claim.decidedAmount ?? claim.amount) : 0;
  let text: string;
  switch (deposit.status) {
    case "held":
      text =
        deposit.heldUntil !== null
          ? t("deposit.heldUntil", { time: formatDateTime(deposit.heldUntil, language) })
          : status === "active"
            ? t("deposit.heldTrip", { time: formatDateTime(deposit.latestClaimEnd, language) })
            : t("deposit.held");
      break;
    case "claimed":
      text = t("deposit.claimed", { amount: money(claimed) });
      break;
    case "returned":
      text =
        deposit.returnedAt !== null
          ? t("deposit.returned", { date: formatDate(deposit.returnedAt, language) })
          : t("deposit.returning");
      break;
    case "partly_kept":
      text = t("deposit.partlyKept", { kept: money(deposit.kept), amount: money(deposit.amount) });
      break;
    case "kept":
      text = t("deposit.kept", { amount: money(deposit.kept) });
      break;
    default:
      text = t(deposit.amount > 0 ? "deposit.notTaken" : "deposit.none");
  }
  return (
    <TripSection id="trip-deposit" title={t("deposit.title")}>
      {deposit.amount > 0 ? (
        <p className="mt-1 text-sm text-muted">{t("deposit.amount", { amount: money(deposit.amount) })}</p>
      ) : null}
      <p className="mt-2 font-semibold" data-deposit-status={deposit.status}>
        {text}
      </p>
      {deposit.amount > 0 && (deposit.status === "none" || deposit.status === "held") ? (
        <DepositReturnNote className="mt-1 text-sm text-muted" />
      ) : null}
      {(deposit.status === "partly_kept" || deposit.status === "kept") && claim?.reason ? (
        <p className="mt-1 text-sm break-words whitespace-pre-line">
          {t("deposit.why")} {claim.reason}
        </p>
      ) : null}
      {deposit.claimable && deposit.heldUntil !== null ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <span>{t("deposit.claimUntil", { time: formatDateTime(deposit.heldUntil, language) })}</span>
          <Link to={`/bookings/${bookingId}/claim`} className={buttonClass("secondary", "sm")}>
            {t("deposit.fileClaim")}
          </Link>
        </div>
      ) : null}
      {claim ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <span>
            {t(claim.referred ? "deposit.claimReferred" : `deposit.claim.${claim.status}`, {
              amount: money(claim.amount),
              decided: money(claim.decidedAmount ?? 0),
              time: formatDateTime(claim.respondBy, language),
            })}
          </span>
          <Link to={`/bookings/${bookingId}/claim`} className={buttonClass("secondary", "sm")}>
            {t("deposit.seeClaim")}
          </Link>
        </div>
      ) : null}
    </TripSection>
  );
}

export function TripRefunds({ refunds }: { refunds: TripPage["refunds"] }) {
  const { t, i18n } = useTranslation("trips");
  if (refunds.length === 0) return null;
  return (
    <TripSection id="trip-refunds" title={t("refunds.title")}>
      <ul className="mt-3 grid gap-2 text-sm">
        {refunds.map((refund) => (
          <li key={refund.id} className="flex flex-wrap justify-between gap-2">
            <span>
              {t(`refunds.kind.${refund.kind}`)} ·{" "}
              <span className="font-semibold">{formatMoney(refund.amount, i18n.language)}</span>
            </span>
            <span className={refund.status === "failed" || refund.status === "held" ? "text-warning" : "text-muted"}>
              {t(`refunds.status.${refund.status}`, bankDaysValues())}
            </span>
          </li>
        ))}
      </ul>
    </TripSection>
  );
}

export function TripTimeline({ events }: { events: TripPage["timeline"] }) {
  const { t, i18n } = useTranslation("trips");
  return (
    <TripSection id="trip-timeline" title={t("timeline.title")}>
      <ol className="mt-3 grid gap-2 border-l-2 border-line pl-4 text-sm">
        {events.map((event) => (
          <li key={`${event.event}-${event.at}`}>
            <span className="font-semibold">
              {t(
                `timeline.${event.event}`,
                event.amounts && {
                  kept: formatMoney(event.amounts.kept, i18n.language),
                  returned: formatMoney(event.amounts.returned, i18n.language),
                },
              )}
            </span>{" "}
            <time dateTime={new Date(event.at).toISOString()} className="text-muted">
              {formatDateTime(event.at, i18n.language)}
            </time>
          </li>
        ))}
      </ol>
    </TripSection>
  );
}
