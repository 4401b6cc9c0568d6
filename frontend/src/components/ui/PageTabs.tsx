import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { HorizontalScroll } from './HorizontalScroll';

export interface PageTab {
  key: string;
  label: ReactNode;
  content: ReactNode;
}

/** Room kept beyond a tab scrolled into view, so it clears the edge fade (w-8). */
const EDGE_ROOM = 32;

/** Scrolls `scroller` sideways just enough to show `tab` whole; never scrolls the page. */
export function revealInStrip(scroller: HTMLElement, tab: HTMLElement): void {
  const strip = scroller.getBoundingClientRect();
  const box = tab.getBoundingClientRect();
  if (box.left < strip.left) scroller.scrollLeft -= strip.left - box.left + EDGE_ROOM;
  else if (box.right > strip.right) scroller.scrollLeft += box.right - strip.right + EDGE_ROOM;
}

/**
 * Keyboard-operable tabs (arrow keys between tabs); only the selected panel is
 * mounted. On a narrow screen the strip scrolls sideways, with a fade on the
 * edge that hides tabs, and the selected tab is scrolled into view.
 */
export function PageTabs({
  tabs,
  selectedIndex,
  onChange,
  label,
  size = 'md',
}: {
  tabs: readonly PageTab[];
  selectedIndex?: number;
  onChange?: (index: number) => void;
  label: string;
  size?: 'md' | 'sm';
}) {
  const tabClass =
    size === 'md'
      ? 'whitespace-nowrap rounded-md px-4 py-2 text-sm font-medium'
      : 'whitespace-nowrap rounded-md px-3 py-1.5 text-xs font-medium sm:text-sm';
  // Uncontrolled groups (Analysis, Trends) report their selection only through onChange.
  const [own, setOwn] = useState(0);
  const current = selectedIndex ?? own;
  const stripRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const strip = stripRef.current;
    // By position: Headless UI may mark the new tab selected a render later than this effect runs.
    const tab = strip?.querySelectorAll<HTMLElement>('[role="tab"]')[current];
    const scroller = tab?.closest<HTMLElement>('[data-scroller]');
    if (tab && scroller) revealInStrip(scroller, tab);
  }, [current]);

  return (
    <TabGroup
      selectedIndex={selectedIndex}
      onChange={(index: number) => {
        setOwn(index);
        onChange?.(index);
      }}
    >
      <div ref={stripRef} className="overflow-hidden rounded-lg bg-slate-100 dark:bg-slate-800">
        <HorizontalScroll fade="from-slate-100 dark:from-slate-800">
          <TabList aria-label={label} className="flex w-max min-w-full gap-1 p-1">
            {tabs.map((tab) => (
              <Tab
                key={tab.key}
                className={`${tabClass} text-slate-600 hover:text-slate-900 data-[selected]:bg-white data-[selected]:text-slate-900 data-[selected]:shadow-sm dark:text-slate-300 dark:hover:text-white dark:data-[selected]:bg-slate-950 dark:data-[selected]:text-white`}
              >
                {tab.label}
              </Tab>
            ))}
          </TabList>
        </HorizontalScroll>
      </div>
      <TabPanels className="mt-6">
        {tabs.map((tab) => (
          <TabPanel key={tab.key}>{tab.content}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
