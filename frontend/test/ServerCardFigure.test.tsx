// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ServerCardFigure } from '../src/components/analysis/ServerCardFigure';

afterEach(cleanup);

describe('the server-card figure on /analysis', () => {
  it('shows the count and the share of monitored sites', () => {
    render(<ServerCardFigure analytics={{ totalPlatforms: 12_000, serverCards: { sites: 1_234, rate: 10.3 } }} />);
    const figure = screen.getByTestId('server-card-figure');
    expect(screen.getByRole('heading', { name: 'Publishes a server card' })).toBeTruthy();
    expect(figure.textContent).toContain('1,234 sites');
    expect(figure.textContent).toContain('10.3% of 12,000 monitored sites');
  });

  it('is absent when the server does not send the figure (older servers)', () => {
    const { container } = render(<ServerCardFigure analytics={{ totalPlatforms: 10 }} />);
    expect(container.innerHTML).toBe('');
  });
});
