// Earnings over time as an inline SVG drawn on the server: readable without JavaScript, no chart library. Bars and
// labels are placed in percent of the width and pixels of a fixed height, so the text keeps its size on a phone and
// on a wide screen. The picture is named by its title and described by the caption's summary; the same figures are in
// a table below it.
import { useTranslation } from "react-i18next";
import { labelEvery } from "~/dashboard/chart";
import { barLabel, barPeriod } from "~/dashboard/chart-labels";
import type { HostDashboard } from "~/dashboard/host-figures.server";
import type { Period } from "~/dashboard/period";
import { formatPrice } from "~/utils/format";

type Chart = HostDashboard["chart"];

const HEIGHT = 220;
const TOP = 18;
const BOTTOM = 26;
const PLOT = HEIGHT - TOP - BOTTOM;
/** Most labels under the bars: on a phone, and from the `sm` breakpoint on. */
const LABELS_NARROW = 5;
const LABELS_WIDE = 10;

const TITLES = { day: "host.chart.byDay", week: "host.chart.byWeek", month: "host.chart.byMonth" } as const;

export function EarningsChart({ chart, period }: { chart: Chart; period: Period }) {
  const { t, i18n } = useTranslation("dashboard");
  const language = i18n.language;
  const { bars, scale, size } = chart;
  const y = (cents: number) => TOP + PLOT - (cents / scale.top) * PLOT;
  const slot = 100 / bars.length;
  const narrow = labelEvery(bars.length, LABELS_NARROW);
  const wide = labelEvery(bars.length, LABELS_WIDE);
  const total = bars.reduce((sum, bar) => sum + bar.earnings, 0);
  const best = bars.reduce((top, bar) => (bar.earnings > top.earnings ? bar : top), bars[0]!);
  const summary =
    total > 0
      ? t("host.chart.summary", {
          total: formatPrice(total, language),
          period: t(`period.last.${period}`),
          best: formatPrice(best.earnings, language),
          when: barPeriod(best, size, language),
        })
      : t("host.chart.empty");

  return (
    <figure className="mt-4">
      {/* The axis values stand in the padding, left of the SVG's box (its overflow is visible). */}
      <div className="pl-16">
        <svg
          role="img"
          aria-labelledby="earnings-chart-title"
          aria-describedby="earnings-chart-summary"
          width="100%"
          height={HEIGHT}
          className="block overflow-visible text-[11px]"
        >
          <title id="earnings-chart-title">{t(TITLES[size])}</title>
          {scale.ticks.map((tick) => (
            <line
              key={`grid-${tick}`}
              x1="0"
              x2="100%"
              y1={y(tick)}
              y2={y(tick)}
              className={tick === 0 ? "stroke-fg/40" : "stroke-line"}
              strokeDasharray={tick === 0 ? undefined : "3 3"}
            />
          ))}
          {bars.map((bar, i) => {
            const top = y(bar.earnings);
            return (
              <rect
                key={bar.from}
                x={`${i * slot + slot * 0.15}%`}
                width={`${slot * 0.7}%`}
                y={top}
                height={TOP + PLOT - top}
                rx={2}
                className="fill-primary"
              />
            );
          })}
          {scale.ticks.map((tick) => (
            <text key={`tick-${tick}`} x={-8} y={y(tick) + 4} textAnchor="end" className="fill-muted">
              {formatPrice(tick, language)}
            </text>
          ))}
          {bars.map((bar, i) => (
            <text
              key={`label-${bar.from}`}
              x={`${(i + 0.5) * slot}%`}
              y={HEIGHT - 6}
              textAnchor="middle"
              className={`fill-muted ${i % narrow === 0 ? "inline" : "hidden"} ${i % wide === 0 ? "sm:inline" : "sm:hidden"}`}
            >
              {barLabel(bar, size, language)}
            </text>
          ))}
        </svg>
      </div>
      <figcaption id="earnings-chart-summary" className="mt-2 text-sm text-muted">
        {summary}
      </figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold text-primary">{t("host.chart.table")}</summary>
        <table className="mt-2 w-full max-w-md text-left">
          <caption className="sr-only">{t(TITLES[size])}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-1 pr-4 font-semibold">
                {t("host.chart.when")}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {t("host.chart.earnings")}
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.from} className="border-b border-line/60">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {barPeriod(bar, size, language)}
                </th>
                <td className="py-1 text-right tabular-nums">{formatPrice(bar.earnings, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
