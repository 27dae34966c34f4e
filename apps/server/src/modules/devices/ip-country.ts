import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import maxmind, { type CountryResponse, type Reader } from 'maxmind';

/**
 * Country of a client address from an offline database: @ip-location-db/geo-whois-asn-country-mmdb (CC0 data,
 * IPv4 and IPv6, rebuilt from the registries' whois and ASN data) read with the maintained `maxmind` reader.
 * No request leaves the machine.
 */

/**
 * The database answers only `country_code` (ISO 3166-1 alpha-2), not MaxMind's nested record; the reader's
 * type asks for one of MaxMind's response shapes, hence the intersection.
 */
type TCountryRecord = CountryResponse & { readonly country_code?: string };

export type TIpPlace = { countryCode: string | null; isLocalNetwork: boolean };

const DATABASE_FILE = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

/**
 * Loopback, private, link-local, shared (carrier NAT) and unspecified ranges. Checked before the database:
 * it places some private ranges in a country (192.168.1.1 answers AU), which would be wrong for a session
 * opened on the same machine or behind a home router.
 */
const LOCAL_NETWORKS = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  LOCAL_NETWORKS.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  LOCAL_NETWORKS.addSubnet(net, prefix, 'ipv6');
}

/**
 * The database (about 8 MB, read whole into memory, about 60 ms) is opened on the first lookup, not at
 * import: most processes (workers, tests, a server nobody lists devices on) never need it.
 */
let opening: Promise<Reader<TCountryRecord>> | undefined;

function openDatabase(): Promise<Reader<TCountryRecord>> {
  if (!opening) {
    const file = createRequire(import.meta.url).resolve(DATABASE_FILE);
    opening = maxmind.open<TCountryRecord>(file).catch((error: unknown) => {
      // Try again on the next lookup rather than keeping a failed open for the life of the process.
      opening = undefined;
      throw error;
    });
  }
  return opening;
}

/** An IPv4 address written as IPv6 (::ffff:203.0.113.5, as dual-stack sockets report it) as plain IPv4. */
function normaliseIp(ip: string): string {
  const trimmed = ip.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

/** Whether the address is loopback or on a private network (no country can be told). */
export function isLocalNetworkIp(ip: string): boolean {
  const address = normaliseIp(ip);
  const family = isIP(address);
  if (family === 0) {
    return false;
  }
  return LOCAL_NETWORKS.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Where the address is: a country code, or local network, or neither (no address, a malformed one, an address
 * the database does not place, or the database could not be opened).
 */
export async function lookupIpPlace(ip: string | null | undefined): Promise<TIpPlace> {
  const address = normaliseIp(ip ?? '');
  if (isIP(address) === 0) {
    return { countryCode: null, isLocalNetwork: false };
  }
  if (isLocalNetworkIp(address)) {
    return { countryCode: null, isLocalNetwork: true };
  }
  let reader: Reader<TCountryRecord>;
  try {
    reader = await openDatabase();
  } catch {
    // A missing or damaged database file leaves the place unknown; the devices list still works.
    return { countryCode: null, isLocalNetwork: false };
  }
  const code = reader.get(address)?.country_code?.toUpperCase();
  return { countryCode: code && /^[A-Z]{2}$/.test(code) ? code : null, isLocalNetwork: false };
}
