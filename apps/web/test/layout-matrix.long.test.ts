/**
 * The layout matrix (layout-matrix.ts) in German and French, whose words run
 * longest, at every table size: `pnpm test:long`.
 */
import { layoutMatrix, matrixCases } from './layout-matrix.js';

layoutMatrix('every screen fits in German and French, at every table size', matrixCases(['de', 'fr'], ['min', 'four', 'max']));
