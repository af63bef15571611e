/**
 * Nightscout import (decision 053): the site's address is checked (https, a public address:
 * no SSRF, checked again at every connection), then its `sgv` entries are read page by page,
 * one page in memory.
 */
import { lookup as lookupCallback } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { glucoseToMgDl } from '@diacare/contract/glucose-units';
import ipaddr from 'ipaddr.js';
import { badRequest, httpError } from '../../plugins/errors.ts';
import type { ParsedRow } from './parsers/types.ts';

/** Entries asked for per request. */
export const NIGHTSCOUT_PAGE_SIZE = 1000;
/** Requests per import at most: 10 years of 5-minute readings are about 1,060 pages. */
const MAX_PAGES = 2000;
/** A page's body larger than this is refused (1,000 entries are about 300 kB). */
const MAX_PAGE_BYTES = 8 * 1024 * 1024;
/** One request's time limit (ms). */
const REQUEST_TIMEOUT_MS = 20_000;

/** IPv6's global unicast block (RFC 4291 §2.4): anything outside it (IPv4-compatible ::/96…) is not public. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * True when `address` (an IP literal) is not a public internet address: ipaddr.js classifies it
 * and only its `unicast` range passes, so loopback, private, link-local, carrier-grade NAT,
 * documentation, multicast and reserved ranges are refused, and so are IPv6 forms that carry an
 * IPv4 address (IPv4-mapped is judged by its IPv4 part; IPv4-compatible, 6to4, Teredo and NAT64
 * are refused outright, since they may reach a private IPv4 address).
 */
export function isNonPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.process(address);
  if (parsed.range() !== 'unicast') return true;
  return parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST_V6);
}

/**
 * The site's base URL once it is safe to call: https (http too when `allowPrivate`), no
 * user or password, and every address its host resolves to public unless `allowPrivate`.
 * @throws HttpError 400 naming the rule broken; 502 when the host's name does not resolve
 */
export async function checkSiteUrl(raw: string, allowPrivate: boolean): Promise<URL> {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw badRequest('url', 'error.url_not_https');
  }
  if (url.username || url.password) throw badRequest('url', 'error.push_credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      throw httpError(502, 'error.nightscout_unreachable');
    }
  }
  if (!allowPrivate && addresses.some(isNonPublicAddress)) {
    throw badRequest('url', 'error.nightscout_private_address');
  }
  const base = new URL(url.origin + url.pathname.replace(/\/?$/, '/'));
  return base;
}

/** One entry as Nightscout sends it (fields DiaCare reads; the rest is ignored). */
interface Entry {
  type?: unknown;
  sgv?: unknown;
  date?: unknown;
  device?: unknown;
}

/**
 * `dns.lookup` for a connection to a Nightscout site: refuses a name that now resolves to any
 * address that is not public, so a name that resolved to a public address for checkSiteUrl and
 * to a private one when connecting (DNS rebinding) reaches nothing. The error's code is
 * ENOTPUBLIC.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookupCallback(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    if (addresses.length === 0 || addresses.some((entry) => isNonPublicAddress(entry.address))) {
      const refused = Object.assign(new Error(`${hostname} resolves to an address that is not public`), {
        code: 'ENOTPUBLIC',
      });
      return callback(refused, '', 0);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * GET `url` without following redirects, in REQUEST_TIMEOUT_MS; every address connected to
 * public unless `allowPrivate` (publicOnlyLookup).
 * @throws HttpError 502 when the site cannot be reached
 */
function get(url: URL, allowPrivate: boolean): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        headers: { accept: 'application/json' },
        lookup: allowPrivate ? undefined : publicOnlyLookup,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      },
      resolve,
    );
    outgoing.on('error', () => reject(httpError(502, 'error.nightscout_unreachable')));
    outgoing.end();
  });
}

/**
 * A page's body, refusing more than MAX_PAGE_BYTES.
 * @throws HttpError 502 when it is larger or the connection breaks off
 */
async function readCapped(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > MAX_PAGE_BYTES) break;
      chunks.push(chunk);
    }
  } catch {
    throw httpError(502, 'error.nightscout_unreachable');
  }
  if (bytes > MAX_PAGE_BYTES) {
    response.destroy();
    throw httpError(502, 'error.nightscout_failed');
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * One page: the site's entries with `lo` ≤ date ≤ `hi` (ms since the epoch), at most
 * NIGHTSCOUT_PAGE_SIZE of them, in the order the site sends them.
 * @throws HttpError 400 for a refused token or an address with no Nightscout API; 502 when
 *   the site cannot be reached or answers with an error
 */
async function fetchPage(
  site: URL,
  token: string,
  lo: number,
  hi: number,
  allowPrivate: boolean,
): Promise<(Entry | null)[]> {
  const url = new URL('api/v1/entries.json', site);
  url.searchParams.set('token', token);
  url.searchParams.set('count', String(NIGHTSCOUT_PAGE_SIZE));
  url.searchParams.set('find[type]', 'sgv');
  url.searchParams.set('find[date][$gte]', String(lo));
  url.searchParams.set('find[date][$lte]', String(hi));
  const response = await get(url, allowPrivate);
  const status = response.statusCode ?? 0;
  const refuse = (error: Error) => {
    response.destroy();
    return error;
  };
  if (status === 401 || status === 403) throw refuse(badRequest('token', 'error.nightscout_token_refused'));
  if (status === 404 || (status >= 300 && status < 400)) throw refuse(badRequest('url', 'error.nightscout_not_found'));
  if (status < 200 || status >= 300) throw refuse(httpError(502, 'error.nightscout_failed'));
  let entries: unknown;
  try {
    entries = JSON.parse(await readCapped(response));
  } catch (error) {
    if (error instanceof SyntaxError) throw badRequest('url', 'error.nightscout_not_found');
    throw error;
  }
  if (!Array.isArray(entries)) throw badRequest('url', 'error.nightscout_not_found');
  // An item that is not an object is no entry: kept as null, for toRow to count as malformed_row.
  return entries.map((entry: unknown) => (typeof entry === 'object' && entry !== null ? (entry as Entry) : null));
}

/** The sensor's LOW as Nightscout writes it, mg/dL; below it are device codes, not glucose. */
const NIGHTSCOUT_LOW = 39;
/** C0 controls and DEL: never part of a device's name (PostgreSQL text cannot even hold NUL). */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * An entry as a row: `sgv` entries only (others null), sgv in mg/dL (Nightscout stores it so),
 * rounded to whole mg/dL; 39 is the sensor's LOW (kept, flagged 'low'); values below are
 * device codes, refused as out of range; an entry dated outside `lo`–`hi` (ms) is one the
 * site was not asked for (null), as is an entry of another type; an item that is not an object
 * (`entry` null) is `malformed_row`. The bounds and dates are checked after, by row-rule.ts, as
 * for a file. Control characters are dropped from the device's name.
 */
function toRow(entry: Entry | null, lo: number, hi: number): ParsedRow | null {
  if (entry === null) return { refused: 'malformed_row' };
  const { sgv, date } = entry;
  if (entry.type !== 'sgv') return null;
  if (typeof date !== 'number' || !Number.isFinite(date)) return { refused: 'invalid_date' };
  if (date < lo || date > hi) return null;
  if (typeof sgv !== 'number' || !Number.isFinite(sgv)) return { refused: 'invalid_value' };
  const valueMgDl = glucoseToMgDl(sgv, 'mg/dL');
  if (valueMgDl < NIGHTSCOUT_LOW) return { refused: 'out_of_range' };
  return {
    measuredAt: new Date(Math.trunc(date)),
    valueMgDl,
    flag: valueMgDl === NIGHTSCOUT_LOW ? 'low' : null,
    deviceSerial: typeof entry.device === 'string' ? entry.device.replace(CONTROL_CHARACTERS, '').slice(0, 100) : '',
    kind: 'cgm',
    dstAmbiguous: false,
  };
}

/**
 * The site's sgv rows (readings, or rows refused as unreadable; toRow) from `sinceMs` to
 * `untilMs`, one page at a time. Nightscout sends the newest entries first, so a full page moves the upper bound (`$lte`) down to its oldest
 * date; a site that sends oldest first moves the lower bound (`$gte`) up to its newest. The
 * boundary's date is read again (ties at one instant are never lost; staging keeps a
 * reading once). A page shorter than the page size ends the import. Unless `allowPrivate`,
 * every connection goes to public addresses only (publicOnlyLookup), whatever the name
 * resolved to when checkSiteUrl checked it.
 * @throws HttpError as fetchPage; 502 past MAX_PAGES requests
 */
export async function* nightscoutReadings(
  site: URL,
  token: string,
  sinceMs: number,
  untilMs: number,
  allowPrivate: boolean,
): AsyncGenerator<ParsedRow[]> {
  let lo = sinceMs;
  let hi = untilMs;
  for (let page = 0; page < MAX_PAGES; page++) {
    const entries = await fetchPage(site, token, lo, hi, allowPrivate);
    yield entries.map((entry) => toRow(entry, lo, hi)).filter((row) => row !== null);
    if (entries.length < NIGHTSCOUT_PAGE_SIZE) return;
    const dates = entries.map((entry) => entry?.date).filter((date): date is number => typeof date === 'number');
    if (dates.length === 0) return;
    const oldest = Math.min(...dates);
    const newest = Math.max(...dates);
    const newestFirst = dates[0]! >= dates.at(-1)!;
    if (newestFirst) hi = oldest === newest ? oldest - 1 : oldest;
    else lo = oldest === newest ? newest + 1 : newest;
    if (lo > hi) return;
  }
  throw httpError(502, 'error.nightscout_failed');
}
