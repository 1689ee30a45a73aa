// A month of a host's payout statement as a CSV file (decision 023), built without the database or the translator: the
// route hands it the lines and the texts in the reader's language.
//
// Spreadsheets guess a CSV's format from the computer's regional settings, not from the file. A Lithuanian Excel or
// LibreOffice uses the comma as its decimal mark, so it splits a comma-separated file on every decimal and expects `;`
// between fields (as all comma-decimal locales do); an English one expects `,` between fields and `.` in numbers. So
// the file follows the page's language: `;` and "12,50" in Lithuanian, `,` and "12.50" in English. Numbers carry no
// thousands separator, so every spreadsheet reads them as numbers. The UTF-8 byte order mark makes Excel read the file
// as UTF-8 (otherwise "č", "š", "ž" in names come out garbled); dates are ISO (YYYY-MM-DD), which both read as dates.
//
// Every line names who is paid: the host's name (a company's registered name) and, for a company, its company number,
// which a company's bookkeeping needs on each line it imports; one shape of file for everyone.
//
// Fields are quoted per RFC 4180 (CRLF line ends; a field with the separator, a quote or a line break is quoted, its
// quotes doubled). Car names, company names and Stripe's failure reasons are not ours: a text starting with =, +, -, @
// (or a tab, carriage return or line feed) would run as a formula when opened, so it gets a leading apostrophe (OWASP's
// CSV injection advice). Spreadsheets drop leading spaces before they look, so " =1+1" counts as starting with "=";
// so do other blanks (a no-break space, zero-width ones) and the full-width signs an East Asian input method types.
import type { Language } from "~/i18n";
import type { StatementLine } from "~/pricing/payout-amounts";

export const CSV_BOM = "\uFEFF";

export const AMOUNT_COLUMNS = ["gross", "platformFee", "hostShare", "claimKept", "reversed", "net"] as const;
/** The text columns before the amounts (who is paid, for which trip) and after them (the transfer). */
const LEADING_COLUMNS = ["payee", "companyNumber", "reference", "car", "tripStart", "tripEnd", "settled"] as const;
const TRAILING_COLUMNS = ["state", "paidAt"] as const;
export const TEXT_COLUMNS = [...LEADING_COLUMNS, ...TRAILING_COLUMNS] as const;
export type CsvColumn = (typeof TEXT_COLUMNS)[number] | (typeof AMOUNT_COLUMNS)[number];
/** The columns, in the file's order. */
export const CSV_COLUMNS: readonly CsvColumn[] = [...LEADING_COLUMNS, ...AMOUNT_COLUMNS, ...TRAILING_COLUMNS];

export interface CsvRow {
  reference: string;
  car: string;
  /** YYYY-MM-DD. */
  tripStart: string;
  tripEnd: string;
  settled: string;
  line: StatementLine;
  /** The transfer's state in words (a failure with Stripe's reason). */
  state: string;
  /** YYYY-MM-DD, or empty while unpaid. */
  paidAt: string;
}

/** Who the statement pays: the name on the statement, and a company's company number (empty for a person). */
export interface CsvPayee {
  name: string;
  companyNumber: string;
}

export interface StatementCsv {
  language: Language;
  payee: CsvPayee;
  /** Each column's header, in the reader's language. */
  headers: Record<CsvColumn, string>;
  /** The first cell of the total row ("Iš viso" / "Total"). */
  totalLabel: string;
  rows: CsvRow[];
  totals: StatementLine;
}

export const csvSeparator = (language: Language) => (language === "lt" ? ";" : ",");

/** Cents as "1234,50" (lt) or "1234.50" (en): two decimals, no grouping. */
export function csvAmount(cents: number, language: Language): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const text = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
  return language === "lt" ? text.replace(".", ",") : text;
}

/** What a spreadsheet reads as the start of a formula: a sign after any blanks, or a tab or line break. */
const FORMULA_START = /^(?:[\s\u200b-\u200d\u2060]*[=+\-@\uff1d\uff0b\uff0d\uff20]|[\t\r\n])/;

/** A text a spreadsheet would take for a formula, made inert with a leading apostrophe. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field, quoted when it must be (RFC 4180). */
export function csvField(value: string, separator: string): string {
  return value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function statementCsv({ language, payee, headers, totalLabel, rows, totals }: StatementCsv): string {
  const separator = csvSeparator(language);
  const text = (value: string) => csvField(neutralise(value), separator);
  const amounts = (line: StatementLine) => AMOUNT_COLUMNS.map((column) => csvAmount(line[column], language));
  const lines = [
    CSV_COLUMNS.map((column) => text(headers[column])),
    ...rows.map((row) => [
      ...[payee.name, payee.companyNumber, row.reference, row.car, row.tripStart, row.tripEnd, row.settled].map(text),
      ...amounts(row.line),
      text(row.state),
      text(row.paidAt),
    ]),
    [
      text(totalLabel),
      ...Array<string>(LEADING_COLUMNS.length - 1).fill(""),
      ...amounts(totals),
      ...TRAILING_COLUMNS.map(() => ""),
    ],
  ];
  return CSV_BOM + lines.map((cells) => cells.join(separator)).join("\r\n") + "\r\n";
}
