import fs from 'node:fs';
import http from 'node:http';

/**
 * For the metrics journeys (e2e/operator/metrics*.spec.ts): a scrape as Prometheus makes it, read
 * into samples; the ports a server's processes listen on, as the operating system sees them; and
 * requests each on a connection of its own, as many clients send them.
 */

export type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus' text format (version 0.0.4) as samples; comments and empty lines left out. */
export function parseMetrics(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) return [];
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
    return [{ name: match[1]!, labels, value: Number(match[3]) }];
  });
}

/** The sum of the samples of one name whose labels include the given ones. */
export function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value)).reduce((sum, s) => sum + s.value, 0);
}

/** GET /metrics of a metrics port with the bearer token, as Prometheus scrapes it; fails on anything but 200. */
export async function scrape(metricsUrl: string, token: string): Promise<{ text: string; samples: Sample[] }> {
  const answer = await fetch(`${metricsUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`the metrics port answered ${answer.status}: ${text}`);
  return { text, samples: parseMetrics(text) };
}

/** A process and every process it started, by their ids (/proc/<pid>/task/<pid>/children). */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // gone meanwhile
  }
  return [pid, ...children.flatMap(processTree)];
}

/** The TCP ports the process and its children listen on: their sockets (/proc/<pid>/fd) found among the listening ones of /proc/net/tcp and tcp6. */
export function listeningPorts(pid: number): number[] {
  const inodes = new Set(
    processTree(pid).flatMap((id) => {
      try {
        return fs.readdirSync(`/proc/${id}/fd`).flatMap((fd) => {
          try {
            return [/^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${id}/fd/${fd}`))?.[1]].filter((inode): inode is string => inode !== undefined);
          } catch {
            return [];
          }
        });
      } catch {
        return [];
      }
    }),
  );
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const row of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = row.trim().split(/\s+/);
      // local_address is ADDRESS:PORT in hex; state 0A is LISTEN; the tenth column is the socket's inode.
      if (fields.length > 9 && fields[3] === '0A' && inodes.has(fields[9]!)) ports.add(parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}

/** A GET on a connection of its own, closed after the answer: node:cluster hands each new connection to the next worker. */
export function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { connection: 'close' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}
