/**
 * Type and spacing of the wall, in viewport units so the same layout reads
 * from across a room at 1920×1080 and at 3840×2160: `min(Xvw, Y vh)` with
 * Y = 1.78·X, so a screen narrower than 16:9 is bounded by its height instead
 * and nothing ever needs to scroll. Whole class names, for Tailwind's scanner.
 */
export const WALL_TEXT = {
  /** Big numbers: 65 px at 1080p. */
  figure: 'text-[length:min(3.4vw,6.04vh)] leading-none',
  /** Secondary numbers: 54 px at 1080p. */
  figureSmall: 'text-[length:min(2.8vw,4.98vh)] leading-none',
  title: 'text-[length:min(1.6vw,2.84vh)] leading-tight',
  /** Names in lists: 25 px at 1080p. */
  item: 'text-[length:min(1.3vw,2.31vh)] leading-tight',
  body: 'text-[length:min(1.15vw,2.04vh)] leading-tight',
  /** Panel headings and card titles: 20 px at 1080p. */
  label: 'text-[length:min(1.05vw,1.87vh)] leading-tight',
  small: 'text-[length:min(0.9vw,1.6vh)] leading-tight',
} as const;

export const WALL_PANEL = 'flex min-h-0 min-w-0 flex-col overflow-hidden rounded-[min(0.8vw,1.42vh)] border border-slate-800 bg-slate-900/70 p-[min(1vw,1.78vh)]';
export const WALL_GAP = 'gap-[min(0.9vw,1.6vh)]';
export const WALL_HEADING = `${WALL_TEXT.label} font-semibold uppercase tracking-wider text-muted`;
