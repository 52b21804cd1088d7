import Button from '@mui/material/Button';
import type { ButtonProps } from '@mui/material/Button';
import { useRef } from 'react';

/**
 * A button that opens the file chooser. A real button (not a label styled as one): keyboards and
 * screen readers treat it as a button. The chosen files go to `onFiles`, and the same file can be
 * chosen again.
 */
export function FileButton({
  accept,
  multiple = false,
  inputTestId,
  onFiles,
  ...button
}: Omit<ButtonProps, 'onClick'> & {
  accept?: string;
  multiple?: boolean;
  inputTestId: string;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} onClick={() => input.current?.click()} />
      <input
        ref={input}
        hidden
        type="file"
        accept={accept}
        multiple={multiple}
        data-testid={inputTestId}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          onFiles(files);
        }}
      />
    </>
  );
}
