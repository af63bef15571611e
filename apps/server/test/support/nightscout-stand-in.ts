/**
 * A local stand-in for a Nightscout site (decision 053): GET /api/v1/entries.json honouring
 * `token`, `count`, `find[type]` and `find[date][$gte|$gt|$lte|$lt]`, newest first as
 * Nightscout sends them (or oldest first, to prove the paging takes either order).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInEntry {
  type: string;
  date: number;
  sgv?: number;
  mbg?: number;
  device?: string;
}

export interface NightscoutStandIn {
  url: string;
  entries: StandInEntry[];
  /** the query strings of the entries requests received, in order */
  requests: URLSearchParams[];
  close(): Promise<void>;
}

/** Starts the stand-in on 127.0.0.1; `token` is the only one it accepts. */
export async function startNightscoutStandIn(options: {
  token: string;
  entries: StandInEntry[];
  order?: 'newest-first' | 'oldest-first';
}): Promise<NightscoutStandIn> {
  const standIn = { entries: options.entries, requests: [] as URLSearchParams[] };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname !== '/api/v1/entries.json') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const query = url.searchParams;
    standIn.requests.push(query);
    if (query.get('token') !== options.token) {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"status":401,"message":"Unauthorized"}');
      return;
    }
    const bound = (operator: string) => {
      const value = query.get(`find[date][${operator}]`);
      return value === null ? null : Number(value);
    };
    const [gte, gt, lte, lt] = ['$gte', '$gt', '$lte', '$lt'].map(bound);
    const type = query.get('find[type]');
    const selected = standIn.entries
      .filter(
        (entry) =>
          (type === null || entry.type === type) &&
          (gte === null || entry.date >= gte!) &&
          (gt === null || entry.date > gt!) &&
          (lte === null || entry.date <= lte!) &&
          (lt === null || entry.date < lt!),
      )
      .sort((a, b) => (options.order === 'oldest-first' ? a.date - b.date : b.date - a.date))
      .slice(0, Number(query.get('count') ?? 10));
    const body = selected.map((entry, index) => ({
      _id: `${entry.date.toString(16)}${index}`,
      ...entry,
      dateString: new Date(entry.date).toISOString(),
      direction: 'Flat',
    }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get entries() {
      return standIn.entries;
    },
    set entries(entries: StandInEntry[]) {
      standIn.entries = entries;
    },
    requests: standIn.requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** `count` sgv entries every 5 minutes back from `newestMs`, values 80–219, one device. */
export function sgvEntries(count: number, newestMs: number, device = 'xDrip-DexcomG6'): StandInEntry[] {
  return Array.from({ length: count }, (_, index) => ({
    type: 'sgv',
    date: newestMs - index * 300_000,
    sgv: 80 + (index % 140),
    device,
  }));
}
