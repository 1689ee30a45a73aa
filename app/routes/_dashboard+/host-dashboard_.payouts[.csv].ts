// GET /host-dashboard/payouts.csv?month=YYYY-MM (decision 023): a month of the signed-in host's payout statement as a
// CSV file in the reader's language (the format: app/payouts/statement-csv.ts). Only the caller's own payouts: there
// is no host parameter at all. A guest is sent to sign in and back; a missing or malformed month is a plain 400.
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUserWith } from "~/accounts/guards.server";
import { getLanguage, getT } from "~/i18n.server";
import { CSV_COLUMNS, statementCsv, type CsvColumn } from "~/payouts/statement-csv";
import { parseStatementMonth } from "~/payouts/statement-month";
import { findStatement, type StatementEntry } from "~/payouts/statements.server";
import { vilniusDay } from "~/utils/calendar-days";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const month = parseStatementMonth(url.searchParams.get("month"));
  // The month's statement is asked for by the session's subquery beside its lookup: one round trip (decision 002).
  const [user, statement] = await getOptionalUserWith(request, context, (userId) =>
    month ? findStatement(context.db, userId, month) : Promise.resolve(null),
  );
  if (!user) {
    throw redirect(`/auth/signin?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, { headers: PRIVATE });
  }
  const [language, t] = await Promise.all([getLanguage(request), getT(request, "statements")]);
  if (!statement) {
    return new Response(t("csv.badMonth"), {
      status: 400,
      headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const state = (transfer: StatementEntry["transfer"]) =>
    transfer.status === "failed" && transfer.reason
      ? t("detail.failedCsv", { reason: transfer.reason })
      : t(`state.${transfer.status}`);
  const { host } = statement;
  const csv = statementCsv({
    language,
    payee: { name: host.company?.name ?? host.name, companyNumber: host.company?.code ?? "" },
    headers: Object.fromEntries(CSV_COLUMNS.map((column) => [column, t(`columns.${column}`)])) as Record<
      CsvColumn,
      string
    >,
    totalLabel: t("totals.row"),
    rows: statement.lines.map((entry) => ({
      reference: entry.reference,
      car: entry.car,
      tripStart: entry.startDate,
      tripEnd: entry.endDate,
      settled: entry.settledOn,
      line: entry.line,
      state: state(entry.transfer),
      paidAt:
        entry.transfer.status === "paid" && entry.transfer.paidAt !== null
          ? vilniusDay(new Date(entry.transfer.paidAt))
          : "",
    })),
    totals: statement.totals,
  });
  return new Response(csv, {
    headers: {
      ...PRIVATE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="ratai-payouts-${month}.csv"`,
    },
  });
}
