import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

export interface ScrollEdges {
  /** Content hidden to the left (scrolled away from the start). */
  start: boolean;
  /** Content hidden to the right. */
  end: boolean;
}

/** Which edges of a scroller hide content; a pixel of slack absorbs sub-pixel widths. */
export function scrollEdges(el: { scrollLeft: number; scrollWidth: number; clientWidth: number }): ScrollEdges {
  const max = el.scrollWidth - el.clientWidth;
  return { start: el.scrollLeft > 1, end: max - el.scrollLeft > 1 };
}

/** Whether a box's content is larger than the box, either way: then it scrolls, and a keyboard must be able to reach it. */
export function overflows(el: { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number }): boolean {
  return el.scrollWidth - el.clientWidth > 1 || el.scrollHeight - el.clientHeight > 1;
}

/**
 * Watches a scroller: its sideways edges and whether it scrolls at all (either
 * way); on scroll, and whenever it or its content changes size. Children added
 * later (a list that appears, rows that grow) are watched too.
 */
export function useScrollEdges<T extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false });
  const [scrollable, setScrollable] = useState(false);
  const scrollableNow = useRef(false);
  // A layout effect: the box is measured once before the first paint, so a box mounted with rows
  // that overflow is in the tab order from its first frame (the size observer's first report
  // waits for a rendered frame, which a busy or headless page may not give for a while).
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const next = overflows(el);
      if (next === scrollableNow.current) return false;
      scrollableNow.current = next;
      return true;
    };
    const update = () => {
      const next = scrollEdges(el);
      setEdges((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
      measure();
      setScrollable(scrollableNow.current);
    };
    el.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    resize?.observe(el);
    for (const child of el.children) resize?.observe(child);
    // Content changes (rows added, text replaced) are seen in the microtask after React's commit,
    // before the page runs anything else. A box they make scroll joins the tab order there and
    // then (flushSync), not a frame later when the size observer reports: in that gap the page
    // shows a scrolling box no keyboard can reach, and an audit can catch it so. Measuring only on
    // mutations inside the box forces no layout for renders elsewhere on the page.
    const content =
      typeof MutationObserver === 'undefined' || !resize
        ? undefined
        : new MutationObserver((records) => {
            for (const record of records) {
              if (record.target !== el) continue;
              for (const node of record.addedNodes) if (node instanceof Element) resize.observe(node);
            }
            if (measure()) flushSync(() => setScrollable(scrollableNow.current));
          });
    content?.observe(el, { childList: true, subtree: true, characterData: true });
    if (measure()) setScrollable(scrollableNow.current);
    return () => {
      el.removeEventListener('scroll', update);
      resize?.disconnect();
      content?.disconnect();
    };
  }, []);
  return { ref, edges, scrollable };
}

/**
 * The focus ring of a scroll box, drawn just inside its edge: scroll boxes sit
 * in cards that clip (overflow-hidden, rounded), which would cut off a ring
 * drawn outside. `outside` keeps the global ring (2 px, 2 px off), for a box
 * whose parent has room and whose content would paint over an inner ring (a
 * sticky table head).
 */
export const SCROLL_FOCUS_RING = { inside: 'focus-visible:-outline-offset-2', outside: '' } as const;
export type ScrollFocusRing = keyof typeof SCROLL_FOCUS_RING;

const fadeBase = 'pointer-events-none absolute inset-y-0 z-10 w-8 transition-opacity duration-150 peer-focus-visible:inset-y-0.5';

/**
 * A scrolling strip (a wide table, a row of tabs, a tall list) inside its
 * card. Content cut off at a side is shown by a fade on that side, so a phone
 * visitor sees there is more to swipe to. `fade` is the gradient's start
 * colour: the background the strip sits on.
 *
 * With a `label`, a strip that scrolls (either way) is a named region in the
 * tab order, so a keyboard can reach it and scroll it with the arrow keys;
 * one that fits is neither (no empty stop, no stray landmark). Its focus ring
 * is drawn inside the strip (see SCROLL_FOCUS_RING), and the fades step in
 * by its width while it shows, so they never paint over it.
 */
export function HorizontalScroll({
  children,
  fade = 'from-white dark:from-slate-900',
  label,
  className = '',
  focusRing = 'inside',
}: {
  children: ReactNode;
  fade?: string;
  /** Names the region; when set and the content overflows, the strip can be focused and scrolled with the arrow keys. */
  label?: string;
  className?: string;
  focusRing?: ScrollFocusRing;
}) {
  const { ref, edges, scrollable } = useScrollEdges();
  return (
    <div className="relative" data-scroll-start={edges.start || undefined} data-scroll-end={edges.end || undefined}>
      <div
        ref={ref}
        data-scroller=""
        className={`peer overflow-x-auto overscroll-x-contain ${SCROLL_FOCUS_RING[focusRing]} ${className}`}
        {...(label && scrollable ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
      >
        {children}
      </div>
      <div aria-hidden="true" className={`${fadeBase} left-0 bg-linear-to-r ${fade} peer-focus-visible:left-0.5 ${edges.start ? 'opacity-100' : 'opacity-0'}`} />
      <div aria-hidden="true" className={`${fadeBase} right-0 bg-linear-to-l ${fade} peer-focus-visible:right-0.5 ${edges.end ? 'opacity-100' : 'opacity-0'}`} />
    </div>
  );
}
