import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { BarStack } from "@visx/shape";
import { useId } from "react";
import { formatCents } from "#app/lib/money";

export interface ChartMonth {
  month: string;
  label: string;
  oneTime: number;
  monthly: number;
}

const series = [
  { key: "oneTime", label: "One-time", colour: "var(--color-primary)" },
  { key: "monthly", label: "Monthly", colour: "var(--color-accent-strong)" },
] as const;

const WIDTH = 720;
const HEIGHT = 300;
const MARGIN = { top: 16, right: 16, bottom: 40, left: 72 };

/**
 * Succeeded donations per month, one-time and monthly stacked. Drawn as SVG on the server (no
 * script needed); the same figures follow as a table for screen readers and anyone who prefers it.
 */
export function DonationsChart({ months }: { months: ChartMonth[] }) {
  const id = useId();
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const highest = Math.max(...months.map((month) => month.oneTime + month.monthly), 0);
  const x = scaleBand({
    domain: months.map((month) => month.label),
    range: [0, innerWidth],
    padding: 0.25,
  });
  // Amounts are in cents; an empty year still gets a readable axis.
  const y = scaleLinear({
    domain: [0, Math.max(highest, 10_000)],
    range: [innerHeight, 0],
    nice: true,
  });
  const colourOf = (key: string) => series.find((entry) => entry.key === key)?.colour ?? "";
  const total = months.reduce((sum, month) => sum + month.oneTime + month.monthly, 0);

  return (
    <figure className="card" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="text-lg font-semibold">
        Succeeded donations per month, last 12 months
      </figcaption>
      <ul className="mt-2 flex flex-wrap gap-4 text-sm" aria-hidden="true">
        {series.map((entry) => (
          <li key={entry.key} className="flex items-center gap-2">
            <span className="inline-block h-3 w-3" style={{ background: entry.colour }} />
            {entry.label}
          </li>
        ))}
      </ul>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-2 h-auto w-full"
        role="img"
        aria-label={`Bar chart of succeeded donations per month; ${formatCents(total)} in the last 12 months. The table below lists the figures.`}
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          <BarStack
            data={months}
            keys={series.map((entry) => entry.key)}
            x={(month) => month.label}
            xScale={x}
            yScale={y}
            color={colourOf}
          >
            {(stacks) =>
              stacks.flatMap((stack) =>
                stack.bars.map((bar) => (
                  <rect
                    key={`${stack.key}-${bar.index}`}
                    x={bar.x}
                    y={bar.y}
                    width={bar.width}
                    height={Math.max(bar.height, 0)}
                    style={{ fill: bar.color }}
                  />
                )),
              )
            }
          </BarStack>
          <AxisLeft
            scale={y}
            numTicks={5}
            tickFormat={(value) => formatCents(Number(value)).replace(/\.00$/, "")}
            stroke="currentColor"
            tickStroke="currentColor"
            tickLabelProps={{ fill: "currentColor", fontSize: 12, textAnchor: "end" }}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            stroke="currentColor"
            tickStroke="currentColor"
            tickFormat={(label) => String(label).replace(/ (\d{2})(\d{2})$/, " '$2")}
            tickLabelProps={{ fill: "currentColor", fontSize: 12, textAnchor: "middle" }}
          />
        </Group>
      </svg>
      <details className="mt-4">
        <summary className="cursor-pointer font-semibold">Show the figures as a table</summary>
        <table className="mt-2 w-full text-left text-sm [&_td]:px-2 [&_td]:py-1 [&_th]:px-2 [&_th]:py-1">
          <caption className="sr-only">Succeeded donations per month, last 12 months</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">One-time</th>
              <th scope="col">Monthly</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row" className="font-normal">
                  {month.label}
                </th>
                <td>{formatCents(month.oneTime)}</td>
                <td>{formatCents(month.monthly)}</td>
                <td>{formatCents(month.oneTime + month.monthly)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
