import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { mergeFiles } from './components/upload-file-picker';
import { failureText } from './run-uploads';

const translate = (key: string, options?: Record<string, unknown>) =>
  `${key}${options ? JSON.stringify(options) : ''}`;

describe('mergeFiles', () => {
  it('adds new files and skips ones already chosen (same name and size)', () => {
    const a = new File(['aa'], 'a.gba');
    const b = new File(['bb'], 'b.gba');
    const again = new File(['xx'], 'a.gba');
    const bigger = new File(['xxx'], 'a.gba');
    expect(mergeFiles([a], [b, again, bigger]).map((file) => [file.name, file.size])).toEqual([
      ['a.gba', 2],
      ['b.gba', 2],
      ['a.gba', 3],
    ]);
  });
});

describe('failureText', () => {
  it("shows the server's detail", () => {
    expect(failureText(new ApiError(409, 'a.gba already exists'), 20, translate)).toBe(
      'a.gba already exists',
    );
  });

  it('explains timeouts with the configured seconds, and lost connections', () => {
    expect(failureText(new ApiError(0, 'timeout'), 20, translate)).toBe(
      'upload.timed-out{"seconds":20,"attempts":8}',
    );
    expect(failureText(new ApiError(0, 'Network error'), 20, translate)).toBe(
      'upload.network-error{"attempts":8}',
    );
    expect(failureText(new ApiError(0, 'aborted'), 20, translate)).toBe('upload.cancelled');
    expect(failureText(new ApiError(500, 'The chunks could not be read'), 20, translate)).toBe(
      'upload.server-error{"detail":"The chunks could not be read"}',
    );
  });
});
