/**
 * Website categories. The first five are the spec's filter options on the
 * Analysis table; the rest widen the catalogue's coverage.
 */
export const CATEGORIES = [
  'E-commerce',
  'Social Media',
  'Development',
  'Communication',
  'FinTech',
  'Productivity',
  'Media',
  'AI',
  'Cloud',
  'Data',
  'Security',
  'Education',
  'Health',
  'Travel',
  'Government',
  'Marketing',
  'Design',
  'Gaming',
  'Search',
  'Reference',
] as const;
export type Category = (typeof CATEGORIES)[number];
