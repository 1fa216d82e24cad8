// Reading a /metrics answer in tests: Prometheus's text format (version 0.0.4) parsed line
// by line, strictly, so a test fails on anything a scraper would refuse.
export type Sample = { name: string; labels: Record<string, string>; value: number };

const metricName = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const commentLine = new RegExp(`^# (HELP|TYPE) (${metricName})(?: (.*))?$`);
const sampleLine = new RegExp(`^(${metricName})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const labelPair = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(,|$)/y;
const types = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);

/** As Prometheus reads it (Go's ParseFloat): NaN and Inf in any case ("Nan" from prom-client). */
function parseValue(text: string, line: string): number {
  if (/^[+]?inf(inity)?$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf(inity)?$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(text)) return Number.NaN;
  const value = Number(text);
  if (text.trim() === "" || Number.isNaN(value)) throw new Error(`bad value in: ${line}`);
  return value;
}

function parseLabels(text: string | undefined, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  if (!text) return labels;
  labelPair.lastIndex = 0;
  while (labelPair.lastIndex < text.length) {
    const match = labelPair.exec(text);
    if (!match) throw new Error(`bad labels in: ${line}`);
    labels[match[1]] = match[2].replace(/\\(.)/g, (_, char) => (char === "n" ? "\n" : char));
    if (match[3] === "") break;
  }
  return labels;
}

/** Every sample, each belonging to a family whose TYPE came before it. */
export function parsePrometheusText(text: string): Sample[] {
  const declared = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    if (line.startsWith("#")) {
      const comment = line.match(commentLine);
      if (!comment) throw new Error(`bad comment: ${line}`);
      if (comment[1] === "TYPE") {
        if (!types.has(comment[3] ?? "")) throw new Error(`bad type: ${line}`);
        declared.set(comment[2], comment[3] as string);
      }
      continue;
    }
    const match = line.match(sampleLine);
    if (!match) throw new Error(`bad sample: ${line}`);
    const [, name, labelText, valueText] = match;
    const family = [name, name.replace(/_(bucket|sum|count|total)$/, "")].find((n) =>
      declared.has(n),
    );
    if (!family) throw new Error(`sample of an undeclared family: ${line}`);
    samples.push({
      name,
      labels: parseLabels(labelText, line),
      value: parseValue(valueText, line),
    });
  }
  return samples;
}

/** The sum of the samples named so whose labels include these (0 when there is none). */
export function sampleValue(
  samples: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return samples
    .filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}
