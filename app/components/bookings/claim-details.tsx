// A damage claim as its parties and admins read it: status and deadlines, what is claimed and why, the renter's reply,
// the decision, the evidence photos, and what it means in money for the reader (the amounts come from the server,
// computed by pricing/refund-amounts.ts).
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ClaimView } from "~/bookings/damage-claims.server";
import { EvidencePhotos } from "~/components/bookings/trip-photo-pairs";
import { Icon } from "~/components/ui/icons";
import { formatDateTime, formatMoney } from "~/utils/format";

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
        // Handed to an admin by the job (bookings/trip-jobs.server.ts#referHeldClaims), not disputed by the renter.
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

/** The lines the records suggest ("312 km over the allowance × €0.20 = €62.40"), for the host's form and admins. */
export function ClaimMeasures({ view }: { view: ClaimView }) {
  const { t, i18n } = useTranslation("claims");
  const lang = i18n.language;
  const money = (cents: number) => formatMoney(cents, lang);
  const { measures, suggestion, rates } = view;
  return (
    <ul className="grid gap-1.5 text-sm" data-testid="claim-measures">
      <li>
        {measures.kmDriven === null
          ? t("measures.noOdometer")
          : t("measures.driven", { driven: measures.kmDriven, allowed: measures.kmAllowed })}
      </li>
      <li className="font-semibold">
        {suggestion.excessKm > 0
          ? t("measures.excessKm", {
              km: suggestion.excessKm,
              rate: money(rates.excessKmFee),
              amount: money(suggestion.excessKmAmount),
            })
          : t("measures.withinAllowance")}
      </li>
      <li className="font-semibold">
        {suggestion.lateHours > 0
          ? t("measures.late", {
              hours: suggestion.lateHours,
              rate: money(rates.lateReturnFee),
              amount: money(suggestion.lateAmount),
            })
          : t("measures.onTime")}
      </li>
    </ul>
  );
}
