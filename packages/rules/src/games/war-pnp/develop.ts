import type { Development } from './actions.js';
import {
  COLUMN_IDS,
  type ColumnId,
  columnIndex,
  emptyBoxCount,
  nextEmptyRank,
  POWER_NAMES,
  type PowerName,
  pointsColumn,
  powerRow,
  type Sheet,
} from './sheet.js';
import { type Checked, type WarState } from './state.js';

/** Developments made during setup. */
export const SETUP_DEVELOPMENTS = 5;

/** The boxes a sheet can develop next: one per row or column that has room. */
export interface LegalDevelopments {
  /** Each row with room, the rank it would fill, and whether it still needs a power name. */
  powers: { row: number; rank: number; needsName: boolean }[];
  /** Each column with room and the box it would fill. */
  points: { column: ColumnId; box: number }[];
}

/** The boxes a sheet can develop next, rows 1–6 then columns in sheet order. */
export function legalDevelopments(sheet: Sheet): LegalDevelopments {
  const powers: LegalDevelopments['powers'] = [];
  sheet.powers.forEach((row, i) => {
    const rank = nextEmptyRank(row.filled);
    if (rank !== null) powers.push({ row: i + 1, rank, needsName: row.name === null });
  });
  const points: LegalDevelopments['points'] = [];
  sheet.points.forEach((col, i) => {
    const box = nextEmptyRank(col.filled);
    const column = COLUMN_IDS[i];
    if (box !== null && column !== undefined) points.push({ column, box });
  });
  return { powers, points };
}

/**
 * The sheet after developing `picks` one after another, as the phone previews
 * them and as they are applied when revealed. The input sheet is not changed:
 * the new sheet copies only the rows and columns a pick fills and shares the
 * rest, so an untouched part keeps its identity. Copied by hand rather than
 * with the engine's copy-on-write library, which a phone would otherwise
 * download for this one preview.
 */
export function developSheet(sheet: Sheet, picks: readonly Development[]): Checked<Sheet> {
  if (picks.length === 0) return { ok: true, value: sheet };
  const next: Sheet = { ...sheet, powers: [...sheet.powers], points: [...sheet.points] };
  for (const pick of picks) {
    if (pick.kind === 'power') {
      const row = powerRow(next, pick.row);
      const rank = nextEmptyRank(row.filled);
      if (rank === null) return { ok: false, code: 'rule/war-full' };
      if (row.name !== null && pick.name !== undefined && pick.name !== row.name) {
        return { ok: false, code: 'rule/war-row-named' };
      }
      const name = row.name ?? pick.name;
      if (name === undefined) return { ok: false, code: 'rule/war-name-needed' };
      next.powers[pick.row - 1] = { ...row, name, filled: withBoxFilled(row.filled, rank) };
    } else {
      const col = pointsColumn(next, pick.column);
      const box = nextEmptyRank(col.filled);
      if (box === null) return { ok: false, code: 'rule/war-full' };
      next.points[columnIndex(pick.column)] = { ...col, filled: withBoxFilled(col.filled, box) };
    }
  }
  return { ok: true, value: next };
}

/** A copy of a row's or column's boxes with box `rank` (counted from 1) filled too. */
function withBoxFilled(filled: readonly boolean[], rank: number): boolean[] {
  return filled.map((isFilled, i) => isFilled || i === rank - 1);
}

/** True when the sheet still has an empty Powers box. */
function hasEmptyPowersBox(sheet: Sheet): boolean {
  return sheet.powers.some((r) => r.filled.includes(false));
}

/** True when the sheet still has an empty Points box. */
function hasEmptyPointsBox(sheet: Sheet): boolean {
  return sheet.points.some((c) => c.filled.includes(false));
}

/** What a seat must develop at this step: how many boxes, and whether they are a round's pair. */
export interface DevelopNeed {
  count: number;
  /** A round's development: exactly one Powers and one Points box, each only if the sheet has room. */
  pair: { powers: boolean; points: boolean } | null;
}

/** What `seat` must develop now, or null when this step has no development for it. */
export function developNeed(state: WarState, seat: number): DevelopNeed | null {
  const sheet = state.sheets[seat];
  if (!sheet) return null;
  const step = state.step;
  if (step.kind === 'setup') return { count: SETUP_DEVELOPMENTS, pair: null };
  if (step.kind === 'develop') {
    const pair = { powers: hasEmptyPowersBox(sheet), points: hasEmptyPointsBox(sheet) };
    const count = Number(pair.powers) + Number(pair.points);
    return count === 0 ? null : { count, pair };
  }
  if (step.kind === 'grow') {
    const count = Math.min(step.owed[seat] ?? 0, emptyBoxCount(sheet));
    return count === 0 ? null : { count, pair: null };
  }
  return null;
}

/** Checks `picks` against what the seat must develop now; the sheet it would give. */
export function checkDevelopment(sheet: Sheet, need: DevelopNeed, picks: readonly Development[]): Checked<Sheet> {
  if (need.pair) {
    const powers = picks.filter((p) => p.kind === 'power').length;
    const points = picks.length - powers;
    if (powers !== Number(need.pair.powers) || points !== Number(need.pair.points)) {
      return { ok: false, code: 'rule/war-develop-pair' };
    }
  } else if (picks.length !== need.count) {
    return { ok: false, code: 'rule/war-pick-count' };
  }
  return developSheet(sheet, picks);
}

// A timed-out seat names new rows after the first power; any fixed choice would do.
const FALLBACK_POWER: PowerName = POWER_NAMES[0];

/** The first legal Powers development of a sheet, or null when the Powers are full. */
function firstPowerPick(sheet: Sheet): Development | null {
  const first = legalDevelopments(sheet).powers[0];
  if (!first) return null;
  return first.needsName
    ? { kind: 'power', row: first.row, name: FALLBACK_POWER }
    : { kind: 'power', row: first.row };
}

/** The first legal Points development of a sheet, or null when the Points are full. */
function firstPointsPick(sheet: Sheet): Development | null {
  const first = legalDevelopments(sheet).points[0];
  return first ? { kind: 'points', column: first.column } : null;
}

/**
 * The developments a turn timer makes for an absent seat: the first legal
 * boxes, alternating Powers and Points (Powers first) so neither part starves.
 */
export function fallbackDevelopments(sheet: Sheet, need: DevelopNeed): Development[] {
  let current = sheet;
  const picks: Development[] = [];
  const take = (pick: Development | null): void => {
    if (!pick) return;
    const next = developSheet(current, [pick]);
    if (next.ok) {
      current = next.value;
      picks.push(pick);
    }
  };
  if (need.pair) {
    if (need.pair.powers) take(firstPowerPick(current));
    if (need.pair.points) take(firstPointsPick(current));
    return picks;
  }
  for (let i = 0; i < need.count; i++) {
    const preferPowers = picks.length % 2 === 0;
    take(
      preferPowers
        ? (firstPowerPick(current) ?? firstPointsPick(current))
        : (firstPointsPick(current) ?? firstPowerPick(current)),
    );
  }
  return picks;
}
