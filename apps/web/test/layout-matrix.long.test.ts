/**
 * The layout matrix (layout-matrix.ts) with the long runs (`pnpm test:long`):
 * English at the smaller tables (its largest is laid out on every run), and
 * German and French, whose words run longest, at every table size.
 */
import { layoutMatrix, matrixCases } from './layout-matrix.js';

const everyRun = new Set(matrixCases(['en'], ['max']).map((c) => c.label));
const smallerInEnglish = matrixCases(['en'], ['min', 'four']).filter((c) => !everyRun.has(c.label));

layoutMatrix('every screen fits at every table size, in English, German and French', [
  ...smallerInEnglish,
  ...matrixCases(['de', 'fr'], ['min', 'four', 'max']),
]);
