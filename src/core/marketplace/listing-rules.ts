/**
 * Who may list a component (spec §1: 'a listed component must stay private'): its owner, while it
 * is private, once it has a finished version — the version a buyer's copy will hold.
 */

export type ListingRefusalReason = 'not-owner' | 'component-public' | 'no-finished-version';

export interface ListingRefusal {
  reason: ListingRefusalReason;
  code: string;
  message: string;
}

export const LISTING_REFUSALS: Record<ListingRefusalReason, ListingRefusal> = {
  'not-owner': {
    reason: 'not-owner',
    code: 'forbidden',
    message: 'Only the owner can list this component on the marketplace.',
  },
  'component-public': {
    reason: 'component-public',
    code: 'component-public',
    message: 'Make it private to list it: a listed component must stay private.',
  },
  'no-finished-version': {
    reason: 'no-finished-version',
    code: 'no-finished-version',
    message: 'This component has no finished version to list yet.',
  },
};

export interface ListingCandidate {
  viewerId: string | null;
  chat: { userId: string; isPrivate: boolean };
  /** The newest version whose answer ended normally, or null. */
  finishedVersion: number | null;
}

/** null when the viewer may list (or update the listing of) the chat; otherwise why not. */
export function refuseListing({ viewerId, chat, finishedVersion }: ListingCandidate): ListingRefusal | null {
  if (viewerId === null || viewerId !== chat.userId) return LISTING_REFUSALS['not-owner'];
  if (!chat.isPrivate) return LISTING_REFUSALS['component-public'];
  if (finishedVersion === null) return LISTING_REFUSALS['no-finished-version'];
  return null;
}

/** A version a buyer can be given: its answer ended normally (not cut off, failed or streaming). */
export function isFinishedVersion(message: { finishReason: string | null; artifactCode: string | null }) {
  return message.finishReason === 'stop' && message.artifactCode !== null;
}
