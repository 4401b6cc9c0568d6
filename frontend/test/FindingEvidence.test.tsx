// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteFinding } from '@mcp-census/schemas/api/site-findings';
import { FindingEvidence } from '../src/components/security/FindingEvidence';
import { SiteFindings } from '../src/components/security/SiteFindings';
import { visibleText } from '../src/lib/visible-text';

afterEach(cleanup);

const exposure: SiteFinding = {
  techniqueId: 'SAFE-T1005',
  techniqueName: 'Exposed Endpoint Exploit',
  tactic: 'Initial Access',
  severity: 'high',
  subjectKind: 'server',
  subjectName: 'acme\u202Egpj.exe',
  evidence: '2 tools listed without authentication (1 destructive, 1 read-only); most capable: delete\\u{202E}_user — delete by name',
  detail: {
    tool: 'delete\u202E_user',
    field: 'name',
    matched: 'delete\u202E_user',
    rule: 'SAFE-T1005 delete: deletes, overwrites or revokes → destructive → high, its readOnlyHint true overruled',
  },
};

describe('visibleText', () => {
  it.each([
    ['RLO', 'a\u202Eb', 'a⟨U+202E⟩b'],
    ['isolates', '\u2066x\u2069', '⟨U+2066⟩x⟨U+2069⟩'],
    ['zero-width space', 'a\u200Bb', 'a⟨U+200B⟩b'],
    ['tag character', 'a\u{E0041}', 'a⟨U+E0041⟩'],
    ['variation selector supplement', 'a\u{E0101}', 'a⟨U+E0101⟩'],
    ['NUL and escape', 'a\u0000\u001B', 'a⟨U+0000⟩⟨U+001B⟩'],
    ['newline in a name', 'a\nb', 'a⟨U+000A⟩b'],
  ])('%s is escaped', (_label, raw, shown) => {
    expect(visibleText(raw)).toBe(shown);
  });

  it('leaves ordinary text, RTL letters and emoji sequences alone', () => {
    expect(visibleText('Wetter für Zürich — שלום ❤️ 👨‍👩‍👧')).toBe('Wetter für Zürich — שלום ❤️ 👨‍👩‍👧');
    expect(visibleText('line one\nline two', { keepNewlines: true })).toBe('line one\nline two');
  });
});

describe('FindingEvidence', () => {
  it('renders a name with U+202E as ⟨U+202E⟩, never raw', () => {
    const { container } = render(<FindingEvidence finding={exposure} />);
    expect(container.textContent).toContain('acme⟨U+202E⟩gpj.exe');
    expect(container.textContent).not.toContain('\u202E');
  });

  it('shows the tool, the matched text (with its field) and the rule', () => {
    render(<FindingEvidence finding={exposure} />);
    expect(screen.getByTestId('evidence-tool').textContent).toBe('delete⟨U+202E⟩_user');
    expect(screen.getByTestId('evidence-matched').textContent).toBe('delete⟨U+202E⟩_user');
    expect(screen.getByText('Matched (name)')).toBeTruthy();
    expect(screen.getByTestId('evidence-rule').textContent).toContain('SAFE-T1005 delete: deletes, overwrites or revokes → destructive → high');
    expect(screen.getByText('high')).toBeTruthy();
  });

  it('a finding stored before structured evidence shows its snippet without tool/matched/rule rows', () => {
    render(<FindingEvidence finding={{ ...exposure, detail: null }} />);
    expect(screen.queryByTestId('evidence-rule')).toBeNull();
    expect(screen.getByText(/listed without authentication/)).toBeTruthy();
  });
});

describe('SiteFindings', () => {
  it('lists every finding, or says there is none', () => {
    render(<SiteFindings findings={[exposure, { ...exposure, techniqueId: 'SAFE-T1604', techniqueName: 'Server Version Enumeration', severity: 'low', detail: null }]} />);
    const section = screen.getByText('Security Findings').closest('section')!;
    expect(within(section).getAllByRole('article')).toHaveLength(2);
    cleanup();
    render(<SiteFindings findings={[]} />);
    expect(screen.getByText('No vulnerabilities detected yet')).toBeTruthy();
  });
});
