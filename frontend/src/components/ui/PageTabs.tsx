import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface PageTab {
  key: string;
  label: ReactNode;
  content: ReactNode;
}

/** Keyboard-operable tabs (arrow keys between tabs); only the selected panel is mounted. */
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
  return (
    <TabGroup selectedIndex={selectedIndex} onChange={onChange}>
      <TabList aria-label={label} className="flex gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1 dark:bg-slate-800/70">
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            className={`${tabClass} text-slate-600 hover:text-slate-900 data-[selected]:bg-white data-[selected]:text-slate-900 data-[selected]:shadow-sm dark:text-slate-300 dark:hover:text-white dark:data-[selected]:bg-slate-950 dark:data-[selected]:text-white`}
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-6">
        {tabs.map((tab) => (
          <TabPanel key={tab.key} className="focus:outline-none">
            {tab.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
