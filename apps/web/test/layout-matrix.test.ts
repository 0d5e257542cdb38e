/**
 * The layout matrix (layout-matrix.ts) as every test run lays it out: English
 * at each game's largest table, where boards, lists and bars are most crowded.
 * The smaller tables in English, and German and French (whose words run
 * longest) at every table size, are laid out with the long runs
 * (`pnpm test:long`).
 */
import { layoutMatrix, matrixCases } from './layout-matrix.js';

layoutMatrix('every screen fits at the largest table', matrixCases(['en'], ['max']));
