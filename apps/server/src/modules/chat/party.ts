import type { TUploadOwner } from '../uploads';

/** Who is reading or writing: a buyer, a shop (its owner in the seller panel) or a customer-service agent. */
export type TChatParty =
  | { kind: 'buyer'; userId: bigint }
  | { kind: 'seller'; userId: bigint; storeId: bigint }
  | { kind: 'agent'; staffId: bigint; name: string };

export type TChatSide = 'buyer' | 'seller' | 'agent';

/** Rate limits are per person. */
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

/** Whose uploads a party's pictures must be: the user's (buyer or shop owner) or the agent's. */
export function uploadOwnerOf(party: TChatParty): TUploadOwner {
  return party.kind === 'agent' ? { staffId: party.staffId } : { userId: party.userId };
}
