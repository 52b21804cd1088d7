import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { GameCover } from './game-cover';

const ROM = {
  name: 'Zeta Force',
  fs_name: 'Zeta Force (USA).sfc',
  path_cover_small: '/assets/romm/resources/roms/1/1/cover/small.webp',
  path_cover_large: '/assets/romm/resources/roms/1/1/cover/big.webp',
  platform_slug: 'snes',
  platform_display_name: 'SNES',
};

describe('GameCover', () => {
  afterEach(cleanup);

  it('loads the small cover lazily with its 2:3 size set', () => {
    const { container } = render(<GameCover rom={ROM} />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe(ROM.path_cover_small);
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('width')).toBe('264');
    expect(img?.getAttribute('height')).toBe('396');
  });

  it('uses the big cover and its size when large', () => {
    const { container } = render(<GameCover rom={ROM} large />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe(ROM.path_cover_large);
    expect(img?.getAttribute('width')).toBe('528');
    expect(img?.getAttribute('height')).toBe('792');
  });

  it('draws a generated cover when there is no image', () => {
    render(<GameCover rom={{ ...ROM, path_cover_small: '', path_cover_large: '' }} />);
    expect(screen.getByTestId('cover-placeholder').textContent).toContain('Zeta Force');
  });

  it('gives generated covers of different games the same style classes (their colours inline)', () => {
    const noImage = { ...ROM, path_cover_small: '', path_cover_large: '' };
    render(
      <>
        <GameCover rom={noImage} />
        <GameCover rom={{ ...noImage, name: 'Another Quest' }} />
      </>,
    );
    const [first, second] = screen.getAllByTestId('cover-placeholder');
    const classes = (element: Element | undefined) =>
      [element, ...(element?.querySelectorAll('*') ?? [])].map((node) => node?.className);
    expect(first?.getAttribute('style')).not.toBe(second?.getAttribute('style'));
    expect(classes(first)).toEqual(classes(second));
  });

  it('leaves the title out of a generated cover whose card writes it underneath', () => {
    render(
      <GameCover rom={{ ...ROM, path_cover_small: '', path_cover_large: '' }} titled={false} />,
    );
    expect(screen.getByTestId('cover-placeholder').textContent).not.toContain('Zeta Force');
    expect(screen.queryByTestId('cover-title')).toBeNull();
  });
});
