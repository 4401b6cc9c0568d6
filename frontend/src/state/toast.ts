import { atom, getDefaultStore } from 'jotai';

const store = getDefaultStore();

export interface Toast {
  id: number;
  title: string;
  description?: string | undefined;
  variant: 'default' | 'destructive';
  durationMs: number;
}

/** Spec section 9: one toast at a time, shown for 5000 ms by default. */
export const TOAST_DURATION_MS = 5_000;

/** The single visible toast; a new one replaces it. */
export const toastAtom = atom<Toast | null>(null);

let nextId = 1;

export function showToast(toast: { title: string; description?: string | undefined; variant?: Toast['variant']; durationMs?: number }): void {
  store.set(toastAtom, { variant: 'default', durationMs: TOAST_DURATION_MS, ...toast, id: nextId++ });
}

export function dismissToast(): void {
  store.set(toastAtom, null);
}
