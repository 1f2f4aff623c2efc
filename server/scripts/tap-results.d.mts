// The types of tap-results.mjs (a plain module: run-tests.mjs and the repository's test command
// import it without a TypeScript loader).
export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
export interface Failure {
  file?: string;
  name: string;
  error: string;
  location?: string;
}
export interface Top {
  counts: Counts;
  failures: Failure[];
}
export function readTap(text: string): { tops: Top[]; unfinished: Counts; complete: boolean };
export function byFile(tops: Top[], declared: [string, number][]): Map<string, Top>;
export function sumFiles(files: Map<string, Top>, keep?: (file: string) => boolean): Top;
export function failureLines(failures: (Failure & { database: string; flaky?: boolean })[], max?: number): string[];
