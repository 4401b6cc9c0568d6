import { describeThemeAudit } from './e2e/a11y-audit';

/** WCAG 2.1 A/AA in the dark theme (the light theme and reduced motion: a11y-light.e2e.test.ts). */
describeThemeAudit('dark');
