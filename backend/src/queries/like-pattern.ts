/** A case-insensitive substring pattern for ILIKE with `%` and `_` taken literally. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);
