/**
 * The layout matrix (layout-matrix.ts) as every test run lays it out: English
 * at every table size. German and French, whose words run longest, are laid
 * out at every table size with the long runs (`pnpm test:long`).
 */
import { layoutMatrix, matrixCases } from './layout-matrix.js';

layoutMatrix('every screen fits, at every table size', matrixCases(['en'], ['min', 'four', 'max']));
