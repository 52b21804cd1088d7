import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { lazily } from './rom-actions-provider';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {`${label} ${String(count)}`}
    </button>
  );
}

function Parent({ Lazy }: { Lazy: typeof Counter }) {
  const [label, setLabel] = useState('first');
  return (
    <>
      <Lazy label={label} />
      <button type="button" onClick={() => setLabel('renamed')}>
        rename
      </button>
    </>
  );
}

describe('lazily', () => {
  it('keeps a component mounted (and its state) when its parent renders after the load', async () => {
    const LazyCounter = lazily(() => Promise.resolve(Counter));
    render(<Parent Lazy={LazyCounter} />);
    fireEvent.click(await screen.findByText('first 0'));
    expect(screen.getByText('first 1')).toBeDefined();
    fireEvent.click(screen.getByText('rename'));
    expect(screen.getByText('renamed 1')).toBeDefined();
  });

  it('renders the loaded component directly on a mount after the load', async () => {
    const LazyCounter = lazily(() => Promise.resolve(Counter));
    await LazyCounter.preload();
    render(<LazyCounter label="ready" />);
    expect(screen.getByText('ready 0')).toBeDefined();
  });
});
