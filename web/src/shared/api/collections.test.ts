import { describe, expect, it } from 'vitest';

import { collectionPath, collectionScopeQuery } from './collections';

describe('collection routes and scopes', () => {
  it('names the page of each kind', () => {
    expect(collectionPath({ kind: 'regular', id: '7' })).toBe('/collection/7');
    expect(collectionPath({ kind: 'smart', id: '3' })).toBe('/collection/smart/3');
    expect(collectionPath({ kind: 'virtual', id: 'eyJuYW1lIjoiUlBHIn0=' })).toBe(
      '/collection/virtual/eyJuYW1lIjoiUlBHIn0%3D',
    );
  });

  it('scopes the ROM list by the parameter of each kind', () => {
    expect(collectionScopeQuery({ kind: 'regular', id: '7' })).toEqual({ collection_id: '7' });
    expect(collectionScopeQuery({ kind: 'smart', id: '3' })).toEqual({ smart_collection_id: '3' });
    expect(collectionScopeQuery({ kind: 'virtual', id: 'abc_-' })).toEqual({
      virtual_collection_id: 'abc_-',
    });
  });
});
