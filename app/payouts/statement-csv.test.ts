import { describe, expect, it } from "vitest";
import { statementLine, statementTotals } from "~/pricing/payout-amounts";
import {
  CSV_BOM,
  CSV_COLUMNS,
  csvAmount,
  csvField,
  neutralise,
  statementCsv,
  type CsvColumn,
  type StatementCsv,
  type CsvRow,
} from "./statement-csv";

const COMPANY = { name: "UAB Baltic Drive", companyNumber: "305123456" };
const headers = Object.fromEntries(CSV_COLUMNS.map((c) => [c, `H ${c}`])) as Record<CsvColumn, string>;

function row(overrides: Partial<CsvRow> = {}): CsvRow {
  return {
    reference: "AB12CD34",
    car: "Škoda Octavia 2021",
    tripStart: "2026-10-01",
    tripEnd: "2026-10-04",
    settled: "2026-10-09",
    line: statementLine({ gross: 12000, hostShare: 10200, claimKept: 5050, amount: 15250 }, 1000),
    state: "Paid",
    paidAt: "2026-10-09",
    ...overrides,
  };
}

/** The file's records, split as a spreadsheet does (no field here spans lines). */
const records = (csv: string) => csv.slice(1).split("\r\n").slice(0, -1);

describe("csvAmount", () => {
  it("has two decimals, no grouping, and the language's decimal mark", () => {
    expect(csvAmount(123456, "lt")).toBe("1234,56");
    expect(csvAmount(123456, "en")).toBe("1234.56");
    expect(csvAmount(5, "en")).toBe("0.05");
    expect(csvAmount(0, "lt")).toBe("0,00");
    expect(csvAmount(-1050, "en")).toBe("-10.50");
  });
});

describe("neutralise", () => {
  it.each(["=1+1", "+370", "-2", "@SUM(A1)", "\tx", "\rx", "\nx"])("makes %j inert", (value) => {
    expect(neutralise(value)).toBe(`'${value}`);
  });
  // Spreadsheets skip leading blanks before they look for a formula.
  it.each([
    " =1+1",
    "   +370",
    "\t=cmd|' /C calc'!A0",
    " \r\n-2",
    "\u00a0@SUM(A1)",
    "\u3000=1",
    "\u200b=1",
    "\ufeff=1",
    "＝1+1",
    " ＋1",
    "－1",
    "＠SUM(A1)",
  ])("makes %j inert, blanks and full-width signs included", (value) => {
    expect(neutralise(value)).toBe(`'${value}`);
  });
  it("leaves other text alone", () => {
    expect(neutralise("Škoda = gera")).toBe("Škoda = gera");
    expect(neutralise("UAB Baltic Drive")).toBe("UAB Baltic Drive");
    expect(neutralise(" leading space")).toBe(" leading space");
    expect(neutralise("a-b")).toBe("a-b");
    expect(neutralise("")).toBe("");
  });
});

describe("csvField", () => {
  it("quotes a field with the separator, a quote or a line break, doubling its quotes", () => {
    expect(csvField("a;b", ";")).toBe('"a;b"');
    expect(csvField("a,b", ";")).toBe("a,b");
    expect(csvField("a,b", ",")).toBe('"a,b"');
    expect(csvField('Say "hi"', ",")).toBe('"Say ""hi"""');
    expect(csvField("two\nlines", ",")).toBe('"two\nlines"');
    expect(csvField("plain", ",")).toBe("plain");
  });
});

describe("statementCsv", () => {
  const rows = [
    row(),
    row({
      reference: "EF56GH78",
      line: statementLine({ gross: 9999, hostShare: 8999, claimKept: 0, amount: 8999 }, 0),
    }),
  ];
  const totals = statementTotals(rows.map((r) => r.line));
  /** The file of these rows for a company (unless told), with the total row's label in its language. */
  const csvOf = (input: Partial<StatementCsv> & Pick<StatementCsv, "language">) =>
    statementCsv({
      payee: COMPANY,
      headers,
      totalLabel: input.language === "lt" ? "Iš viso" : "Total",
      rows,
      totals,
      ...input,
    });

  it("is UTF-8 text with a BOM, a header row, one row per payout and a total row (lt: `;` and decimal commas)", () => {
    const csv = csvOf({ language: "lt" });
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    const lines = records(csv);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(CSV_COLUMNS.map((c) => `H ${c}`).join(";"));
    expect(lines[1]).toBe(
      "UAB Baltic Drive;305123456;AB12CD34;Škoda Octavia 2021;2026-10-01;2026-10-04;2026-10-09;120,00;18,00;102,00;50,50;10,00;142,50;Paid;2026-10-09",
    );
    expect(lines[3]).toBe("Iš viso;;;;;;;219,99;28,00;191,99;50,50;10,00;232,49;;");
  });

  it("uses `,` and decimal points in English", () => {
    const csv = csvOf({ language: "en" });
    const lines = records(csv);
    expect(lines[0]!.split(",")).toHaveLength(CSV_COLUMNS.length);
    expect(lines[2]).toBe(
      "UAB Baltic Drive,305123456,EF56GH78,Škoda Octavia 2021,2026-10-01,2026-10-04,2026-10-09,99.99,10.00,89.99,0.00,0.00,89.99,Paid,2026-10-09",
    );
    expect(lines[3]).toBe("Total,,,,,,,219.99,28.00,191.99,50.50,10.00,232.49,,");
  });

  it("neutralises formulas and quotes separators in user text", () => {
    const csv = csvOf({
      language: "en",
      rows: [row({ car: '=HYPERLINK("http://x","y")', state: "Failed: -card, declined" })],
    });
    const line = records(csv)[1]!;
    expect(line).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(line).toContain('"Failed: -card, declined"');
    expect(line.split(",")[3]).not.toMatch(/^=/);
  });

  it("neutralises a formula behind leading blanks in the file, as a spreadsheet would read it", () => {
    const csv = csvOf({
      language: "lt",
      rows: [row({ car: ' =HYPERLINK("http://x";"y")', state: "\u00a0@SUM(A1)" })],
    });
    const line = records(csv)[1]!;
    expect(line).toContain(`"' =HYPERLINK(""http://x"";""y"")"`);
    expect(line).toContain("'\u00a0@SUM(A1)");
  });

  it("names the payee on every line: a company's name and company number, a person's name and no number", () => {
    const company = records(csvOf({ language: "lt" }));
    expect(company.slice(1, 3).map((line) => line.split(";").slice(0, 2))).toEqual([
      ["UAB Baltic Drive", "305123456"],
      ["UAB Baltic Drive", "305123456"],
    ]);
    const person = csvOf({
      language: "en",
      payee: { name: "Rūta Petraitienė", companyNumber: "" },
    });
    expect(records(person)[1]!.startsWith("Rūta Petraitienė,,AB12CD34,")).toBe(true);
    // A name is the host's own text: a formula in it is made inert like any other.
    const forged = csvOf({
      language: "en",
      payee: { name: " =HYPERLINK(1)", companyNumber: "305123456" },
    });
    expect(records(forged)[1]!.startsWith("' =HYPERLINK(1),305123456,")).toBe(true);
  });

  it("has only the header and the total row for a month without payouts", () => {
    const csv = csvOf({
      language: "lt",
      rows: [],
      totals: statementTotals([]),
    });
    expect(records(csv)).toEqual([
      CSV_COLUMNS.map((c) => `H ${c}`).join(";"),
      "Iš viso;;;;;;;0,00;0,00;0,00;0,00;0,00;0,00;;",
    ]);
  });
});
