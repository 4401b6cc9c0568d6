import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs`, for texts like "Updated 12s ago" that age while shown. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
