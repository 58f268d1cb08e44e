/**
 * What the player page keeps of a claim (renderer/player/memory.ts): the token per event, offered
 * only for its own player and event; a player card's link read from the address's hash, and a card
 * scanned while the page was open held once for the page's next start.
 */
import { describe, expect, it } from 'vitest';
import { claimLink, rememberClaim, rememberedClaim, takeClaimCode, CLAIM_CODE_KEY, tokenFor, type KeyValue } from '../../../renderer/player/memory.js';

function memoryStore(): KeyValue & { keys(): string[] } {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k), keys: () => [...map.keys()] };
}

describe('a claim on the phone', () => {
  it('is kept per event: its token goes with its own player in its own event, never another event’s', () => {
    const store = memoryStore();
    rememberClaim(store, 'spring-open', { player: 'p1', token: 'tok-spring-1234567890' });
    expect(rememberedClaim(store, 'spring-open')).toEqual({ player: 'p1', token: 'tok-spring-1234567890' });
    expect(tokenFor(store, 'spring-open', 'p1')).toBe('tok-spring-1234567890');
    // Another player of the same event (the phone speaking for someone else) and another event: no token.
    expect(tokenFor(store, 'spring-open', 'p2')).toBeUndefined();
    expect(tokenFor(store, 'summer-open', 'p1')).toBeUndefined();
    expect(rememberedClaim(store, 'summer-open')).toBeNull();
    rememberClaim(store, 'spring-open', null);
    expect(tokenFor(store, 'spring-open', 'p1')).toBeUndefined();
    store.setItem('podium.player.spring-open.claim', '{not json');
    expect(rememberedClaim(store, 'spring-open')).toBeNull();
  });

  it('reads a player card’s link from the hash, and holds a scanned card once', () => {
    expect(claimLink('#claim=KPMQ7XDR')).toBe('KPMQ7XDR');
    expect(claimLink('#claim=kpmq-7xdr')).toBe('kpmq-7xdr');
    expect(claimLink('')).toBeNull();
    expect(claimLink('#claim=')).toBeNull();
    expect(claimLink('#claim=<script>')).toBeNull();
    const store = memoryStore();
    store.setItem(CLAIM_CODE_KEY, 'KPMQ7XDR');
    expect(takeClaimCode(store)).toBe('KPMQ7XDR');
    expect(takeClaimCode(store)).toBeNull();
  });
});
