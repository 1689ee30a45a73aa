// /host-dashboard/payouts (decision 023): the signed-in host's payout statement, a month at a time (`?month=YYYY-MM`, a GET
// form, so a chosen month is a shareable address; default the latest month with payouts): each payout's rental,
// platform fee, share, claim adjustments, reversals and net, where its transfer stands, the month's totals, every
// month's totals, and the month as CSV (/host-dashboard/payouts.csv). Always the caller's own payouts: the host is the
// session's user, never a parameter. The rules: app/payouts/statements.server.ts.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUserWith } from "~/accounts/guards.server";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { inputClass } from "~/components/ui/field-errors";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { formatStatementMonth, parseStatementMonth } from "~/payouts/statement-month";
import { findStatement, type StatementEntry } from "~/payouts/statements.server";
import type { StatementLine } from "~/pricing/payout-amounts";
import { formatDate, formatDateTime, formatMoney } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["statements"], breadcrumb: "statements:title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A malformed month is ignored (the latest month is shown), never an error: it is a filter in the address.
  const month = parseStatementMonth(new URL(request.url).searchParams.get("month"));
  // The statement is asked for by the session's subquery beside its lookup: one round trip (decision 002).
  const [[, statement], t] = await Promise.all([
    requireUserWith(request, context, (userId) => findStatement(context.db, userId, month)),
    getT(request, "statements"),
  ]);
  return { title: t("title"), ...statement };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

const AMOUNTS = ["gross", "platformFee", "hostShare", "claimKept", "reversed", "net"] as const;

export default function PayoutStatementsPage() {
  const { t } = useTranslation("statements");
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <Link
        to="/host-dashboard"
        className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
      >
        <Icon name="chevronLeft" className="size-4" />
        {t("back")}
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("title")}</h1>
      <div className="mt-1 text-muted" data-statement-host>
        {data.host.company ? (
          <p className="font-semibold text-fg">
            {t("company", { name: data.host.company.name, code: data.host.company.code })}
          </p>
        ) : (
          <p className="font-semibold text-fg">{data.host.name}</p>
        )}
        <p className="mt-1">{t("intro")}</p>
      </div>
      {data.month === null ? <NoPayouts /> : <MonthStatement data={data} month={data.month} />}
    </div>
  );
}

function NoPayouts() {
  const { t } = useTranslation("statements");
  return (
    <EmptyState
      icon="download"
      title={t("empty.title")}
      text={t("empty.text")}
      action={{ to: "/profile/payouts", label: t("empty.action") }}
      titleId="no-payouts-title"
      className="mt-8"
    />
  );
}

function MonthStatement({ data, month }: { data: Data; month: string }) {
  const { t, i18n } = useTranslation("statements");
  const language = i18n.language;
  const monthName = formatStatementMonth(month, language);
  const listed = data.months.some((m) => m.month === month);
  return (
    <>
      <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="statement-month" className="block text-sm font-semibold">
              {t("chooser.label")}
            </label>
            <select id="statement-month" name="month" defaultValue={month} key={month} className={`${inputClass} mt-1`}>
              {listed ? null : <option value={month}>{monthName}</option>}
              {data.months.map((m) => (
                <option key={m.month} value={m.month}>
                  {formatStatementMonth(m.month, language)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass("secondary")}>
            {t("chooser.submit")}
          </button>
        </Form>
        <a
          href={`/host-dashboard/payouts.csv?month=${month}`}
          download
          aria-label={t("month.downloadLabel", { month: monthName })}
          className={buttonClass("primary")}
        >
          <Icon name="download" className="size-4" />
          {t("month.download")}
        </a>
      </div>
      <p className="mt-3 text-sm text-muted">{t("monthNote")}</p>

      <section
        aria-labelledby="month-totals-title"
        className="mt-6 rounded-2xl border border-line bg-surface p-4 sm:p-5"
      >
        <h2 id="month-totals-title" className="text-lg font-bold">
          {t("totals.heading", { month: monthName })}
        </h2>
        <p className="text-sm text-muted">{t("totals.count", { count: data.lines.length })}</p>
        <Totals totals={data.totals} />
      </section>

      {data.lines.length === 0 ? (
        <p role="status" className="mt-6 rounded-xl border border-dashed border-line px-4 py-8 text-center">
          {t("month.none", { month: monthName })}
        </p>
      ) : (
        <Lines lines={data.lines} totals={data.totals} caption={t("month.caption", { month: monthName })} />
      )}

      <Overview data={data} month={month} />
    </>
  );
}

function Totals({ totals }: { totals: StatementLine }) {
  const { t, i18n } = useTranslation("statements");
  return (
    <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {AMOUNTS.map((column) => (
        <div key={column} className={`rounded-xl px-3 py-2 ${column === "net" ? "bg-primary-soft" : "bg-subtle"}`}>
          <dt className="text-xs text-muted">{t(`columns.${column}`)}</dt>
          <dd className="text-lg font-bold tabular-nums" data-total={column}>
            {formatMoney(totals[column], i18n.language)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The month's payouts as one table: on a phone it scrolls sideways inside its frame under its heading, with the
 * booking column kept in view (each row's link into the table lets a keyboard scroll it).
 */
function Lines({ lines, totals, caption }: { lines: StatementEntry[]; totals: StatementLine; caption: string }) {
  const { t, i18n } = useTranslation("statements");
  const language = i18n.language;
  return (
    <section aria-labelledby="statement-lines-title" className="mt-6 rounded-2xl border border-line bg-surface">
      {/* The heading stays in view while the table scrolls under it; the caption names the table for readers. */}
      <h2 id="statement-lines-title" className="px-4 pt-4 pb-2 text-lg font-bold">
        {caption}
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[60rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-line text-xs text-muted">
            <tr>
              <th scope="col" className="sticky left-0 bg-surface px-4 py-2 font-semibold">
                {t("columns.reference")}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("columns.settled")}
              </th>
              {AMOUNTS.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 text-right font-semibold">
                  {t(`columns.${column}`)}
                </th>
              ))}
              <th scope="col" className="px-4 py-2 font-semibold">
                {t("columns.state")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {lines.map((entry) => (
              <tr key={entry.bookingId} data-booking={entry.reference} className="align-top">
                <th scope="row" className="sticky left-0 max-w-56 bg-surface px-4 py-3 font-normal">
                  <Link to={`/bookings/${entry.bookingId}`} className="font-semibold text-primary hover:underline">
                    #{entry.reference}
                  </Link>
                  <span className="block break-words">{entry.car}</span>
                  <span className="block text-xs whitespace-nowrap text-muted">
                    {formatDate(entry.startDate, language)} – {formatDate(entry.endDate, language)}
                  </span>
                </th>
                <td className="px-3 py-3 whitespace-nowrap">{formatDate(entry.settledOn, language)}</td>
                {AMOUNTS.map((column) => (
                  <td
                    key={column}
                    className={`px-3 py-3 text-right whitespace-nowrap tabular-nums ${column === "net" ? "font-bold" : ""}`}
                  >
                    {formatMoney(entry.line[column], language)}
                  </td>
                ))}
                <td className="min-w-48 px-4 py-3">
                  <TransferCell transfer={entry.transfer} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-line font-bold">
            <tr>
              <th scope="row" className="sticky left-0 bg-surface px-4 py-3">
                {t("totals.row")}
              </th>
              <td className="px-3 py-3" />
              {AMOUNTS.map((column) => (
                <td key={column} className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                  {formatMoney(totals[column], language)}
                </td>
              ))}
              <td className="px-4 py-3" />
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

function TransferCell({ transfer }: { transfer: StatementEntry["transfer"] }) {
  const { t, i18n } = useTranslation("statements");
  const language = i18n.language;
  const tone = transfer.status === "paid" ? "text-success" : transfer.status === "failed" ? "text-danger" : "text-fg";
  return (
    <div data-transfer={transfer.status}>
      <span className={`font-semibold ${tone}`}>
        {transfer.status === "paid" && transfer.paidAt !== null
          ? t("detail.paidOn", { date: formatDate(transfer.paidAt, language) })
          : t(`state.${transfer.status}`)}
      </span>
      {transfer.status === "failed" ? (
        <>
          {transfer.reason ? (
            <span className="block text-xs break-words">{t("detail.reason", { reason: transfer.reason })}</span>
          ) : null}
          {transfer.nextAttemptAt !== null ? (
            <span className="block text-xs text-muted">
              {t("detail.nextAttempt", { time: formatDateTime(transfer.nextAttemptAt, language) })}
            </span>
          ) : null}
        </>
      ) : null}
      {transfer.status === "waiting_for_account" ? (
        <Link to="/profile/payouts" className="block text-xs font-semibold text-primary hover:underline">
          {t("detail.setUp")}
        </Link>
      ) : null}
    </div>
  );
}

function Overview({ data, month }: { data: Data; month: string }) {
  const { t, i18n } = useTranslation("statements");
  const language = i18n.language;
  return (
    <section aria-labelledby="overview-title" className="mt-8">
      <h2 id="overview-title" className="text-lg font-bold">
        {t("overview.heading")}
      </h2>
      <div
        role="region"
        aria-labelledby="overview-caption"
        className="mt-3 overflow-x-auto rounded-2xl border border-line bg-surface"
      >
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption id="overview-caption" className="sr-only">
            {t("overview.caption")}
          </caption>
          <thead className="border-b border-line text-xs text-muted">
            <tr>
              <th scope="col" className="sticky left-0 bg-surface px-4 py-2 font-semibold">
                {t("overview.month")}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t("overview.count")}
              </th>
              {AMOUNTS.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 text-right font-semibold">
                  {t(`columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {data.months.map((m) => (
              <tr key={m.month} data-month={m.month}>
                <th scope="row" className="sticky left-0 bg-surface px-4 py-2 font-normal whitespace-nowrap">
                  <Link
                    to={`?month=${m.month}`}
                    aria-current={m.month === month ? "page" : undefined}
                    className={`hover:underline ${m.month === month ? "font-bold" : "text-primary"}`}
                  >
                    {formatStatementMonth(m.month, language)}
                  </Link>
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{m.count}</td>
                {AMOUNTS.map((column) => (
                  <td
                    key={column}
                    className={`px-3 py-2 text-right whitespace-nowrap tabular-nums ${column === "net" ? "font-bold" : ""}`}
                  >
                    {formatMoney(m.totals[column], language)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
