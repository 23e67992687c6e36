/**
 * The A/B table (docs/decisions/263-bench-ab-and-a-meter-that-fails.md): each page figure measured
 * on the baseline and on the tree in the same bench, their runs alternating, printed side by side
 * with the ratio tree / baseline and the tree's pass or miss against the figure's target. A Total
 * Blocking Time more than REGRESSION_RATIO times the baseline's on a page is flagged REGRESSION.
 */

/** Tree / baseline above this, for Total Blocking Time on a page: a regression. */
export const REGRESSION_RATIO = 1.25;

export interface AbFigure {
  /** "Total Blocking Time (median of 3)". */
  figure: string;
  /** The page, or the interaction, measured. */
  subject: string;
  /** The tree's target, as printed: "<= 150 ms". */
  target: string;
  /** The figures as printed, with their runs. */
  baselineText: string;
  treeText: string;
  baseline: number;
  tree: number;
  /** tree / baseline; Infinity when only the baseline's is 0, 1 when both are. */
  ratio: number;
  /** The tree's figure against the target. */
  pass: boolean;
  /** Set on a Total Blocking Time whose ratio is above REGRESSION_RATIO. */
  regression: boolean;
}

export function ratioOf(tree: number, baseline: number): number {
  if (baseline === 0) return tree === 0 ? 1 : Number.POSITIVE_INFINITY;
  return tree / baseline;
}

export function abFigure(
  figure: Omit<AbFigure, "ratio" | "regression">,
  { flagsRegression = false }: { flagsRegression?: boolean } = {},
): AbFigure {
  const ratio = ratioOf(figure.tree, figure.baseline);
  return { ...figure, ratio, regression: flagsRegression && ratio > REGRESSION_RATIO };
}

export function ratioText(ratio: number): string {
  return Number.isFinite(ratio) ? ratio.toFixed(2) : "inf";
}

/** The A/B table as printed; `baselineName` heads the baseline's column. */
export function abTable(figures: AbFigure[], baselineName: string): string[] {
  const header = [
    "figure",
    "page",
    "target",
    baselineName,
    "tree",
    "tree/baseline",
    "tree",
    "regression",
  ];
  const cells = figures.map((f) => [
    f.figure,
    f.subject,
    f.target,
    f.baselineText,
    f.treeText,
    ratioText(f.ratio),
    f.pass ? "pass" : "miss",
    f.regression ? `REGRESSION (> ${REGRESSION_RATIO})` : "",
  ]);
  const widths = header.map((name, column) =>
    Math.max(name.length, ...cells.map((row) => row[column].length)),
  );
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  return [
    line(header),
    `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`,
    ...cells.map(line),
  ];
}

/** "REGRESSION: Total Blocking Time on /home, 1.41x the baseline's (412 vs 292 ms)". */
export function regressionLines(figures: AbFigure[]): string[] {
  return figures
    .filter((f) => f.regression)
    .map(
      (f) =>
        `REGRESSION: ${f.figure} on ${f.subject}, ${ratioText(f.ratio)}x the baseline's ` +
        `(tree ${f.treeText} vs baseline ${f.baselineText})`,
    );
}
