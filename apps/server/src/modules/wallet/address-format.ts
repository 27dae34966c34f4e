import { NETWORK_ADDRESS_FORMAT, type TWithdrawNetwork } from '@caravan/contracts';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, bech32m } from 'bech32';
import bs58check from 'bs58check';

const TRON_VERSION = 0x41;
const BITCOIN_P2PKH = 0x00;
const BITCOIN_P2SH = 0x05;

function decodeBase58Check(address: string): Uint8Array | undefined {
  try {
    return bs58check.decode(address);
  } catch {
    return undefined;
  }
}

/** TRON: base58check of 0x41 followed by a 20-byte account id ("T..." with 34 characters). */
export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) {
    return false;
  }
  const bytes = decodeBase58Check(address);
  return bytes?.length === 21 && bytes[0] === TRON_VERSION;
}

/** Ethereum: 0x and 40 hex digits; mixed case must carry a valid EIP-55 checksum. */
export function isEthereumAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) {
    return false;
  }
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) {
    return true;
  }
  return toChecksumAddress(body.toLowerCase()) === address;
}

/** EIP-55: a hex letter is upper case when the matching nibble of keccak256(lower-case address) is >= 8. */
export function toChecksumAddress(lowerHex: string): string {
  const hash = keccak_256(new TextEncoder().encode(lowerHex));
  let out = '0x';
  for (let i = 0; i < lowerHex.length; i++) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const char = lowerHex[i] ?? '';
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

function isSegwitAddress(address: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) {
    return false;
  }
  const lower = address.toLowerCase();
  if (!lower.startsWith('bc1')) {
    return false;
  }
  for (const [codec, isV0] of [
    [bech32, true],
    [bech32m, false],
  ] as const) {
    try {
      const decoded = codec.decode(lower);
      const [version, ...rest] = decoded.words;
      if (decoded.prefix !== 'bc' || version === undefined || version > 16) {
        continue;
      }
      const program = codec.fromWords(rest);
      if (isV0 && version === 0) {
        return program.length === 20 || program.length === 32;
      }
      if (!isV0 && version >= 1) {
        return program.length >= 2 && program.length <= 40;
      }
    } catch {
      // Try the other encoding.
    }
  }
  return false;
}

/** Bitcoin main net: base58check P2PKH ("1...") or P2SH ("3..."), or bech32/bech32m segwit ("bc1..."). */
export function isBitcoinAddress(address: string): boolean {
  if (/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) {
    const bytes = decodeBase58Check(address);
    return bytes?.length === 21 && (bytes[0] === BITCOIN_P2PKH || bytes[0] === BITCOIN_P2SH);
  }
  return isSegwitAddress(address);
}

export function isValidAddress(network: TWithdrawNetwork, address: string): boolean {
  const format = NETWORK_ADDRESS_FORMAT[network];
  if (format === 'tron') {
    return isTronAddress(address);
  }
  if (format === 'ethereum') {
    return isEthereumAddress(address);
  }
  return isBitcoinAddress(address);
}

/** One spelling per chain transaction (lower-case hex, no 0x), so a hash is never credited twice. */
export function normalizeTxHash(hash: string): string {
  const trimmed = hash.trim().toLowerCase();
  return trimmed.startsWith('0x') ? trimmed.slice(2) : trimmed;
}
