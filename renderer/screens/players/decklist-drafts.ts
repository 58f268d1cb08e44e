/**
 * Decklists typed or pasted at the station and not saved yet, one per player of each event. A
 * scorekeeper pastes Ana's list, is asked for Bo's, picks Bo: Ana's text must still be there when
 * Ana is picked again (nothing typed is lost silently, UX.md). The drafts outlive the panel (another
 * player picked, another screen) and a reload of the page (sessionStorage: this tab only, never
 * another computer, never the event's save — a draft is not a registered list).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { PlayerId } from '../../../core/model/types.js';

export interface DecklistDraft {
  /** The list as typed or pasted. */
  text: string;
  /** The reason typed for a correction after the lock. */
  reason: string;
}

interface DecklistDrafts {
  /** By event id, then by player. */
  drafts: Record<string, Record<PlayerId, DecklistDraft>>;
  /** Keep `draft` as the player's unsaved list (null: nothing unsaved any more). */
  keep(eventId: string, player: PlayerId, draft: DecklistDraft | null): void;
}

export const useDecklistDrafts = create<DecklistDrafts>()(
  persist(
    (set) => ({
      drafts: {},
      keep(eventId, player, draft) {
        set(({ drafts }) => {
          const { [player]: _old, ...others } = drafts[eventId] ?? {};
          const players = draft === null ? others : { ...others, [player]: draft };
          const { [eventId]: _event, ...events } = drafts;
          return { drafts: Object.keys(players).length === 0 ? events : { ...events, [eventId]: players } };
        });
      },
    }),
    { name: 'podium-decklist-drafts', storage: createJSONStorage(() => sessionStorage), partialize: ({ drafts }) => ({ drafts }) },
  ),
);

/** Is this draft anything else than the registered list (`saved`, empty when none)? */
export function unsaved(draft: DecklistDraft, saved: string): boolean {
  return draft.text !== saved || draft.reason.trim() !== '';
}
