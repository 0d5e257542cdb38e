// The package's own types are misnamed; every project compiling this file needs the declaration beside it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./unicode-confusables.d.ts" />
/**
 * Kept out of the package's main entry: the confusables table is about 28 KB
 * gzip, and only the server compares names, so phones do not download it.
 */
import confusableTable from 'unicode-confusables';
import { normaliseName } from './names.js';

/**
 * What two names look like once case, invisible characters and confusable
 * look-alikes are set aside (the Unicode confusables table, UTS #39): two
 * names with the same skeleton would look the same on the TV, so a room
 * holds only one of them. Use it to compare names, never to show one.
 */
export function nameSkeleton(name: string): string {
  const folded = normaliseName(name).toLowerCase();
  return confusableTable.rectifyConfusion(folded.normalize('NFD')).normalize('NFD').toLowerCase();
}
