/**
 * The layout matrix (layout-matrix.ts) as every test run lays it out: English
 * at every table size, German and French at each game's largest table.
 */
import { layoutMatrix, matrixCases } from './layout-matrix.js';

layoutMatrix('every screen fits, at every table size, and in German and French at the largest', [
  ...matrixCases(['en'], ['min', 'four', 'max']),
  ...matrixCases(['de', 'fr'], ['max']),
]);
