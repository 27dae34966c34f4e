import autocannon from 'autocannon';

/** The p-th percentile of ascending samples (nearest rank); NaN without samples. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Runs autocannon and keeps every answer's latency in ms, ascending: autocannon itself reports p90 and p97.5,
 * not the p95 the goals name.
 */
export async function autocannonWithLatencies(
  options: autocannon.Options,
): Promise<{ result: autocannon.Result; latencies: number[] }> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, done: autocannon.Result) =>
      error ? reject(error) : resolve(done),
    );
    // autocannon emits (client, status, bytes, ms); its type declarations leave out the client.
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
    });
  });
  latencies.sort((a, b) => a - b);
  return { result, latencies };
}
