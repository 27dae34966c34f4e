/** Who is reading or writing: a buyer, a shop (its owner in the seller panel) or a customer-service agent. */
export type TChatParty =
  | { kind: 'buyer'; userId: bigint }
  | { kind: 'seller'; userId: bigint; storeId: bigint }
  | { kind: 'agent'; staffId: bigint; name: string };

export type TChatSide = 'buyer' | 'seller' | 'agent';

/** Rate limits and upload ownership are per person. */
export function partyKey(party: TChatParty): string {
  switch (party.kind) {
    case 'buyer':
      return `u:${party.userId}`;
    case 'seller':
      return `s:${party.userId}`;
    case 'agent':
      return `a:${party.staffId}`;
  }
}

export function uploaderOf(party: TChatParty): { ownerKind: 'user' | 'staff'; ownerId: bigint } {
  return party.kind === 'agent'
    ? { ownerKind: 'staff', ownerId: party.staffId }
    : { ownerKind: 'user', ownerId: party.userId };
}
