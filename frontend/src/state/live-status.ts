import { atom } from 'jotai';

/** True while the `/live` socket is connected; REST polling runs only while it is false. */
export const liveConnectedAtom = atom(false);
