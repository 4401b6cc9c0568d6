import { useEffect, useId, useRef, useState } from 'react';

/** Spec section 9: tooltips open after 700 ms of hover; keyboard focus opens them at once. */
export const TOOLTIP_DELAY_MS = 700;

const figureClass = 'text-3xl font-bold tabular-nums text-slate-900 dark:text-white';

/**
 * A card figure in the spec's short form ("10.0k") with its exact value in a
 * tooltip. The figure is focusable and described by the tooltip, so keyboard
 * and screen-reader users reach the exact count too (a title attribute would
 * serve mouse users only). Escape dismisses it (WCAG 1.4.13).
 */
export function ExactFigure({ value, exact, testId }: { value: string; exact?: string | undefined; testId: string }) {
  const tooltipId = useId();
  const [open, setOpen] = useState(false);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancelHover = () => clearTimeout(hoverTimer.current);
  useEffect(() => cancelHover, []);

  if (exact === undefined) {
    return (
      <p className={figureClass} data-testid={testId}>
        {value}
      </p>
    );
  }
  return (
    // Hover handlers on the wrapper, so the pointer may move onto the tooltip without closing it.
    <div
      className="relative w-fit"
      onMouseEnter={() => {
        cancelHover();
        hoverTimer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
      }}
      onMouseLeave={() => {
        cancelHover();
        setOpen(false);
      }}
    >
      <p
        tabIndex={0}
        aria-describedby={tooltipId}
        className={`${figureClass} cursor-help rounded decoration-slate-300 decoration-dotted underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:decoration-slate-600`}
        data-testid={testId}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
      >
        {value}
      </p>
      <span
        role="tooltip"
        id={tooltipId}
        hidden={!open}
        className="absolute left-0 top-full z-20 mt-1 whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-lg dark:bg-slate-700"
      >
        {exact}
      </span>
    </div>
  );
}
