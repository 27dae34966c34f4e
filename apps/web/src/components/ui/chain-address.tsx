/** Addresses longer than this show their first and last characters, the parts people compare. */
const SHORTENED_ABOVE = 18;

export function shortenAddress(address: string, head = 8, tail = 6): string {
  return address.length > SHORTENED_ABOVE ? `${address.slice(0, head)}…${address.slice(-tail)}` : address;
}

/**
 * A blockchain address in a table cell: its start and end with an ellipsis between (an end cut off, as an ellipsis
 * at the edge did, hid the characters people check), the whole address on hover and for screen readers. Always
 * left to right, in Arabic too.
 */
export function ChainAddress({ address }: { address: string }) {
  return (
    <bdi dir="ltr" title={address} style={{ whiteSpace: 'nowrap' }}>
      <span aria-hidden="true">{shortenAddress(address)}</span>
      <span className="cv-visually-hidden">{address}</span>
    </bdi>
  );
}
