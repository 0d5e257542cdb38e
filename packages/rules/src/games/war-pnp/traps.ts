import type { RemoveTarget } from './actions.js';
import { boxValue, COLUMN_IDS, pointsColumn, powerRow, type Sheet } from './sheet.js';

/** Every filled box of a sheet, as a trap's owner may name it: Powers rows 1–6, then Points columns. */
export function removableBoxes(sheet: Sheet): RemoveTarget[] {
  const powers = sheet.powers.flatMap((row, r) =>
    row.filled.flatMap((f, i): RemoveTarget[] => (f ? [{ kind: 'power', row: r + 1, rank: i + 1 }] : [])),
  );
  const points = COLUMN_IDS.flatMap((column) =>
    pointsColumn(sheet, column).filled.flatMap((f, i): RemoveTarget[] =>
      f ? [{ kind: 'points', column, box: i + 1 }] : [],
    ),
  );
  return [...powers, ...points];
}

/** True when the box is filled, so a trap's owner may remove it. */
export function isFilled(sheet: Sheet, target: RemoveTarget): boolean {
  return target.kind === 'power'
    ? powerRow(sheet, target.row).filled[target.rank - 1] === true
    : pointsColumn(sheet, target.column).filled[target.box - 1] === true;
}

/** Empties one box of a sheet the caller owns; its marks and the row's power name stay. */
export function removeBox(sheet: Sheet, target: RemoveTarget): void {
  if (target.kind === 'power') powerRow(sheet, target.row).filled[target.rank - 1] = false;
  else pointsColumn(sheet, target.column).filled[target.box - 1] = false;
}

/**
 * The box a turn timer removes for an absent trap owner: the filled Points
 * box worth the most (first in sheet order on a tie), or when no Points box
 * is filled, the highest-ranked Powers box (lowest row on a tie).
 */
export function highestValueBox(sheet: Sheet): RemoveTarget | null {
  const boxes = removableBoxes(sheet);
  const points = boxes.filter((b) => b.kind === 'points');
  const worth = (b: RemoveTarget): number =>
    b.kind === 'points' ? boxValue(b.column, b.box) : b.rank;
  const pool = points.length > 0 ? points : boxes;
  return pool.reduce<RemoveTarget | null>((best, b) => (best === null || worth(b) > worth(best) ? b : best), null);
}
