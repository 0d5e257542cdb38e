// The package ships its types under a name TypeScript does not look for (`index.ts.d`).
declare module 'unicode-confusables' {
  /** The string with each confusable character replaced by its prototype from the Unicode confusables table. */
  export function rectifyConfusion(input: string): string;
  const table: { rectifyConfusion: typeof rectifyConfusion };
  export default table;
}
