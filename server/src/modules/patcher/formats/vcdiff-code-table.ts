/** One half of a VCDIFF code table entry: NOOP, ADD, RUN or COPY, its size (0 = read) and mode. */
export interface VcdiffInstruction {
  type: 0 | 1 | 2 | 3;
  size: number;
  mode: number;
}

export const NOOP = 0;
export const ADD = 1;
export const RUN = 2;
export const COPY = 3;

const noop: VcdiffInstruction = { type: NOOP, size: 0, mode: 0 };
const add = (size: number): VcdiffInstruction => ({ type: ADD, size, mode: 0 });
const copy = (size: number, mode: number): VcdiffInstruction => ({ type: COPY, size, mode });

/** RFC 3284's default code table (section 5.6), built in its documented order. */
function defaultCodeTable(): [VcdiffInstruction, VcdiffInstruction][] {
  const table: [VcdiffInstruction, VcdiffInstruction][] = [[{ type: RUN, size: 0, mode: 0 }, noop]];
  for (let size = 0; size <= 17; size += 1) table.push([add(size), noop]);
  for (let mode = 0; mode <= 8; mode += 1) {
    table.push([copy(0, mode), noop]);
    for (let size = 4; size <= 18; size += 1) table.push([copy(size, mode), noop]);
  }
  for (let mode = 0; mode <= 5; mode += 1) {
    for (let addSize = 1; addSize <= 4; addSize += 1) {
      for (let copySize = 4; copySize <= 6; copySize += 1) {
        table.push([add(addSize), copy(copySize, mode)]);
      }
    }
  }
  for (let mode = 6; mode <= 8; mode += 1) {
    for (let addSize = 1; addSize <= 4; addSize += 1) table.push([add(addSize), copy(4, mode)]);
  }
  for (let mode = 0; mode <= 8; mode += 1) table.push([copy(4, mode), add(1)]);
  return table;
}

export const DEFAULT_CODE_TABLE = defaultCodeTable();
