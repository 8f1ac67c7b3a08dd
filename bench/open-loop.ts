import { Agent, request } from 'node:http';

export interface OpenLoopResult {
  /** Requests sent (rate × seconds). */
  sent: number;
  /** Answered with a 2xx status. */
  ok: number;
  p50_ms: number;
  p99_ms: number;
}

/**
 * Open-loop load: requests leave at a fixed rate whether or not earlier ones were answered, as
 * independent users arrive, and each latency counts from when its request was due, not from
 * when it could be sent (a closed loop such as autocannon's waits for an answer before the next
 * request, so a slow server is offered less load and its queueing delay goes unmeasured).
 */
export async function openLoop(
  url: string,
  options: { method: string; path: string; headers: Record<string, string>; body?: string | undefined },
  rate: number,
  seconds: number,
): Promise<OpenLoopResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const target = new URL(options.path, url);
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let ok = 0;
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const req = request(target, { method: options.method, headers: options.headers, agent }, (res) => {
        res.resume();
        res.once('end', () => {
          latencies.push(performance.now() - due);
          if (res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300) ok++;
          resolve();
        });
      });
      req.once('error', () => resolve());
      req.end(options.body);
    });
  const start = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(send(due));
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN) * 10) / 10;
  return { sent: total, ok, p50_ms: at(0.5), p99_ms: at(0.99) };
}
