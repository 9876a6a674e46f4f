// Chi-squared goodness of fit for the distribution tests: statistic and upper-tail p-value
// (regularized upper incomplete gamma Q(k/2, x/2), series and continued fraction as in
// Numerical Recipes' gammq).

function logGamma(x: number): number {
  const c = [76.1800917294715, -86.5053203294168, 24.0140982408309, -1.23173957245015, 0.00120865097386618, -0.000005395239384953];
  let y = x;
  const tmp = x + 5.5 - (x + 0.5) * Math.log(x + 5.5);
  let ser = 1.00000000019;
  for (const ci of c) ser += ci / ++y;
  return -tmp + Math.log((2.506628274631 * ser) / x);
}

function upperGamma(a: number, x: number): number {
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 10_000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return 1 - sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
  }
  let b = x + 1 - a;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** p-value of observed counts against expected probabilities (which sum to 1). */
export function chiSquaredP(observed: readonly number[], probabilities: readonly number[]): { statistic: number; p: number } {
  const total = observed.reduce((a, b) => a + b, 0);
  let statistic = 0;
  observed.forEach((o, i) => {
    const e = probabilities[i]! * total;
    statistic += ((o - e) * (o - e)) / e;
  });
  const df = observed.length - 1;
  return { statistic, p: upperGamma(df / 2, statistic / 2) };
}
