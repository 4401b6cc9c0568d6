/** Light/dark: follows prefers-color-scheme unless the visitor picked one, remembered locally. */

export type ThemePreference = 'system' | 'light' | 'dark';

const STORAGE_KEY = 'mcp-census-theme';
const media = () => window.matchMedia('(prefers-color-scheme: dark)');

export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(preference: ThemePreference): void {
  const dark = preference === 'dark' || (preference === 'system' && media().matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

export function saveThemePreference(preference: ThemePreference): void {
  try {
    if (preference === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, preference);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  applyTheme(preference);
}

/** Re-applies the theme when the system setting changes while no explicit choice is stored. */
export function followSystemTheme(): () => void {
  const query = media();
  const onChange = () => {
    if (readThemePreference() === 'system') applyTheme('system');
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
