/** Whether the station's Venue network panel is open (the header button and Alt+N open it). */
import { create } from 'zustand';

export const useNetworkPanel = create<{ open: boolean; setOpen(open: boolean): void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
