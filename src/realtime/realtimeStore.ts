import type Pusher from 'pusher-js';
import { create } from 'zustand';

/** The page's connection once the bridge made it (battles subscribe `battle-{id}` through it, the chat its room); null until then. */
export const useRealtime = create<{ pusher: Pusher | null }>(() => ({ pusher: null }));
