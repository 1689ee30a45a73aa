// A damage claim as its parties and admins read it: status and deadlines, what is claimed, item by item, and why, the
// renter's reply, the decision, the evidence photos, and what it means in money for the reader (the amounts come
// from the server, computed by pricing/claim-amounts.ts and refund-amounts.ts).
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ClaimView } from "~/claims/claim-case.server";
import { LATE_GRACE_MS } from "~/bookings/trip-rules";
import { EvidencePhotos } from "~/components/trips/trip-photo-pairs";
import { Icon } from "~/components/ui/icons";
import type { ClaimBreakdown } from "~/pricing/claim-amounts";
import { formatDateTime, formatMoney, formatNumber } from "~/utils/format";

export type ClaimReader = "host" | "renter" | "admin";

/** The line that says what the claim means in money, for this reader. */
export function ClaimMoney({ view, reader }: { view: ClaimView; reader: ClaimReader }) {
  const { t, i18n } = useTranslation("claims");
  if (!view.money) return null;
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const values = { refund: money(view.money.refund), kept: money(view.money.kept), deposit: money(view.money.deposit) };
  const key = `money.${reader}${view.money.settled ? "Settled" : "IfStands"}`;
  return (
    <p
      className="flex gap-2 rounded-lg border border-line bg-info-soft p-3 text-sm font-medium"
      data-testid="claim-money"
    >
      <Icon name="info" className="mt-0.5 size-4 shrink-0" />
      <span>{t(key, values)}</span>
    </p>
  );
}

export function ClaimDetails({ view, reader }: { view: ClaimView; reader: ClaimReader }) {
  const { t, i18n } = useTranslation("claims");
  const claim = view.claim;
  if (!claim) return null;
  const lang = i18n.language;
  return (
    <section aria-labelledby="claim-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="claim-title" className="text-lg font-bold">
          {t("claim.title")}
        </h2>
        <span className="rounded-full bg-subtle px-3 py-1 text-sm font-semibold" data-testid="claim-status">
          {t(`status.${claim.status}`)}
        </span>
      </div>
      <ClaimMoney view={view} reader={reader} />
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Fact label={t("claim.amount")}>{formatMoney(claim.amount, lang)}</Fact>
        {view.breakdown ? (
          <div className="sm:col-span-2">
            <dt className="text-sm text-muted">{t("claim.breakdown")}</dt>
            <dd className="mt-0.5">
              <ClaimBreakdownList breakdown={view.breakdown} testId="claim-breakdown" />
            </dd>
          </div>
        ) : null}
        <Fact label={t("claim.categories")}>{claim.categories.map((c) => t(`categories.${c}`)).join(", ")}</Fact>
        <Fact label={t("claim.filed")}>{formatDateTime(claim.createdAt, lang)}</Fact>
        <div className="sm:col-span-2">
          <dt className="text-sm text-muted">{t("claim.description")}</dt>
          <dd className="mt-0.5 whitespace-pre-line break-words">{claim.description}</dd>
        </div>
      </dl>
      {claim.status === "awaiting_renter" ? (
        <p className="text-sm">{t("claim.respondBy", { date: formatDateTime(claim.respondBy, lang) })}</p>
      ) : null}
      {claim.status === "disputed" && claim.respondedAt === null ? (
        // Handed to an admin by the job (trips/trip-jobs.server.ts#referHeldClaims), not disputed by the renter.
        <p className="text-sm" data-testid="claim-referred">
          {t("claim.referred")}
        </p>
      ) : null}
      <div>
        <h3 className="mb-2 text-sm font-semibold">{t("claim.evidence")}</h3>
        <EvidencePhotos photos={view.photos.claim} label={t("claim.evidence")} emptyText={t("claim.noPhotos")} />
      </div>
      {claim.renterNote || view.photos.dispute.length > 0 ? (
        <div className="grid gap-2 border-t border-line pt-4">
          <h3 className="text-sm font-semibold">{t("claim.renterNote")}</h3>
          {claim.respondedAt ? (
            <p className="text-sm text-muted">
              {t("claim.respondedOn", { date: formatDateTime(claim.respondedAt, lang) })}
            </p>
          ) : null}
          {claim.renterNote ? <p className="whitespace-pre-line break-words">{claim.renterNote}</p> : null}
          <EvidencePhotos
            photos={view.photos.dispute}
            label={t("claim.disputeEvidence")}
            emptyText={t("claim.noPhotos")}
          />
        </div>
      ) : null}
      {claim.decidedAt ? (
        <div className="grid gap-1 border-t border-line pt-4">
          <h3 className="text-sm font-semibold">{t("claim.decision")}</h3>
          <p className="text-sm text-muted">{t("claim.decidedOn", { date: formatDateTime(claim.decidedAt, lang) })}</p>
          {claim.decidedAmount !== null ? (
            <p>{t("claim.decidedAmount", { amount: formatMoney(claim.decidedAmount, lang) })}</p>
          ) : null}
          {claim.decisionReason ? (
            <p className="whitespace-pre-line break-words">
              <span className="font-semibold">{t("claim.reason")}: </span>
              {claim.decisionReason}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-0.5 break-words font-medium">{children}</dd>
    </div>
  );
}

/**
 * What a claim comes to, item by item (pricing/claim-amounts.ts): excess kilometres × the rate, late hours × the late
 * fee (whole hours started after the grace, rounded up), where the rates come from, the rest of a filed claim
 * (damage, fuel, cleaning), and the deposit's cap when the items pass it. The same list for the host's form (what
 * the records propose, with the kilometres driven) and, once filed, for the host, the renter and an admin.
 */
export function ClaimBreakdownList({
  breakdown,
  measures,
  testId,
}: {
  breakdown: ClaimBreakdown;
  /** The records' kilometres, on the host's form and the admin's page. */
  measures?: ClaimView["measures"];
  testId: string;
}) {
  const { t, i18n } = useTranslation("claims");
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const number = (value: number) => formatNumber(value, i18n.language);
  const { rates } = breakdown;
  const filed = breakdown.claimed !== null;
  const items: ReactNode[] = [];
  if (measures) {
    items.push(
      measures.kmDriven === null
        ? t("measures.noOdometer")
        : t("measures.driven", { driven: number(measures.kmDriven), allowed: number(measures.kmAllowed) }),
    );
  }
  if (breakdown.chauffeured) {
    items.push(t("measures.chauffeured"));
  } else {
    const excess = t("measures.excessKm", {
      km: number(breakdown.excessKm),
      rate: money(rates.excessKmFee),
      amount: money(breakdown.excessKmAmount),
    });
    const late = t("measures.late", {
      hours: number(breakdown.lateHours),
      rate: money(rates.lateReturnFee),
      amount: money(breakdown.lateAmount),
    });
    // A filed claim lists the items it names; the form also says what the records show nothing for.
    if (breakdown.excessKm > 0) items.push(<strong>{excess}</strong>);
    else if (!filed) items.push(<strong>{t("measures.withinAllowance")}</strong>);
    if (breakdown.lateHours > 0) items.push(<strong>{late}</strong>);
    else if (!filed) items.push(<strong>{t("measures.onTime")}</strong>);
    if (breakdown.lateHours > 0) items.push(t("measures.rounding", { minutes: LATE_GRACE_MS / 60_000 }));
    if (breakdown.itemsTotal > 0) {
      items.push(t(`measures.rates.${rates.from}`, { km: money(rates.excessKmFee), hour: money(rates.lateReturnFee) }));
    }
  }
  if (breakdown.other > 0) items.push(<strong>{t("measures.other", { amount: money(breakdown.other) })}</strong>);
  if (breakdown.capped) {
    items.push(
      <strong>
        {t("measures.capped", { total: money(breakdown.itemsTotal), deposit: money(breakdown.deposit) })}
      </strong>,
    );
  } else if (breakdown.excessKmAmount > 0 && breakdown.lateAmount > 0) {
    items.push(t("measures.total", { amount: money(breakdown.itemsTotal) }));
  }
  return (
    <ul className="grid gap-1.5 text-sm" data-testid={testId}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
