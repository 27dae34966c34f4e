import { describe, expect, it } from 'vitest';
import { isLocalNetworkIp, lookupIpPlace } from './ip-country';

describe('country of a client address', () => {
  it('places public IPv4 and IPv6 addresses in their country from the offline database', async () => {
    expect(await lookupIpPlace('8.8.8.8')).toEqual({ countryCode: 'US', isLocalNetwork: false });
    expect(await lookupIpPlace('217.160.0.1')).toEqual({ countryCode: 'DE', isLocalNetwork: false });
    expect(await lookupIpPlace('133.242.0.3')).toEqual({ countryCode: 'JP', isLocalNetwork: false });
    // An IPv4 address reported by a dual-stack socket.
    expect(await lookupIpPlace('::ffff:217.160.0.1')).toEqual({ countryCode: 'DE', isLocalNetwork: false });
    expect(await lookupIpPlace('2a00:1450:4001:80b::200e')).toMatchObject({ isLocalNetwork: false });
    expect((await lookupIpPlace('2a00:1450:4001:80b::200e')).countryCode).toMatch(/^[A-Z]{2}$/);
  });

  it('gives no country for loopback and private addresses, even where the database names one', async () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '100.64.0.9',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(await lookupIpPlace(ip), ip).toEqual({ countryCode: null, isLocalNetwork: true });
    }
    expect(isLocalNetworkIp('192.168.1.1')).toBe(true);
    expect(isLocalNetworkIp('8.8.8.8')).toBe(false);
  });

  it('gives neither a country nor local network for a missing or malformed address', async () => {
    for (const ip of [null, undefined, '', 'not-an-ip', '300.1.1.1']) {
      expect(await lookupIpPlace(ip)).toEqual({ countryCode: null, isLocalNetwork: false });
    }
  });
});
