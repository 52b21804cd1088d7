/**
 * `sx` that hides an element from sight but not from screen readers. Lengths in px: MUI reads a
 * bare 1 in `sx` as 100%, which once made a page as wide as its table.
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
