/**
 * A metric's samples with one label in Prometheus's text format, by that label's value:
 * `name{label="v"} 12` → { v: 12 } (tests/server/metrics/, bench/dice).
 */
export function metricValues(text: string, name: string, label: string): Record<string, number> {
  const values: Record<string, number> = {};
  const line = new RegExp(`^${name}\\{${label}="([^"]*)"\\} (\\S+)$`, 'gm');
  for (const [, value, figure] of text.matchAll(line)) values[value!] = Number(figure);
  return values;
}
