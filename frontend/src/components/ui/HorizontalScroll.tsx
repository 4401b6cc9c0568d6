import { useEffect, useRef, useState, type ReactNode } from 'react';

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

/** Watches a scroller's edges: on scroll, and whenever it or its content changes size. */
export function useScrollEdges() {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const next = scrollEdges(el);
      setEdges((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    };
    el.addEventListener('scroll', update, { passive: true });
    // The observer reports the first sizes at once (asynchronously), so no state is set in this effect itself.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(el);
    for (const child of el.children) observer?.observe(child);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);
  return { ref, edges };
}

const fadeBase = 'pointer-events-none absolute inset-y-0 z-10 w-8 transition-opacity duration-150';

/**
 * A horizontally scrolling strip (a wide table, a row of tabs) inside its
 * card. Content cut off at an edge is shown by a fade on that edge, so a
 * phone visitor sees there is more to swipe to. `fade` is the gradient's
 * start colour: the background the strip sits on.
 */
export function HorizontalScroll({
  children,
  fade = 'from-white dark:from-slate-900',
  label,
  className = '',
}: {
  children: ReactNode;
  fade?: string;
  /** Names the region; when set and the content overflows, the strip can be focused and scrolled with the arrow keys. */
  label?: string;
  className?: string;
}) {
  const { ref, edges } = useScrollEdges();
  const scrollable = edges.start || edges.end;
  return (
    <div className="relative" data-scroll-start={edges.start || undefined} data-scroll-end={edges.end || undefined}>
      <div
        ref={ref}
        data-scroller=""
        className={`overflow-x-auto overscroll-x-contain ${className}`}
        {...(label && scrollable ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
      >
        {children}
      </div>
      <div aria-hidden="true" className={`${fadeBase} left-0 bg-linear-to-r ${fade} ${edges.start ? 'opacity-100' : 'opacity-0'}`} />
      <div aria-hidden="true" className={`${fadeBase} right-0 bg-linear-to-l ${fade} ${edges.end ? 'opacity-100' : 'opacity-0'}`} />
    </div>
  );
}
