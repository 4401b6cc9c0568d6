// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../src/components/layout/Toaster';
import { dismissToast, showToast, TOAST_DURATION_MS } from '../src/state/toast';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('shows one toast at a time: a new one replaces the current one', () => {
    render(<Toaster />);
    act(() => showToast({ title: 'First' }));
    act(() => showToast({ title: 'Second', description: 'More' }));
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
  });

  it('disappears after the default 5000 ms', () => {
    render(<Toaster />);
    act(() => showToast({ title: 'Scan initiated' }));
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(screen.getByText('Scan initiated')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Scan initiated')).toBeNull();
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('is dismissed with F8', () => {
    render(<Toaster />);
    act(() => showToast({ title: 'Report exported' }));
    fireEvent.keyDown(window, { key: 'F8' });
    expect(screen.queryByText('Report exported')).toBeNull();
  });

  it('announces destructive toasts as alerts and is at most 420 px wide from md up', () => {
    const { container } = render(<Toaster />);
    act(() => showToast({ title: 'Export failed', variant: 'destructive' }));
    expect(screen.getByRole('alert').textContent).toContain('Export failed');
    expect(container.querySelector('.md\\:max-w-\\[420px\\]')).not.toBeNull();
  });
});
