import { readFileSync } from 'node:fs';

/** Clock ticks a second of /proc's CPU counters (USER_HZ: 100 on Linux). */
export const TICKS_PER_SECOND = 100;

/**
 * CPU time in µs (user + system) of a process, `/proc/<pid>/stat`, or of one thread,
 * `/proc/<pid>/task/<tid>/stat`. Linux only.
 */
export function cpuMicros(statFile: string): number {
  const fields = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line (12 and 13 after the name).
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / TICKS_PER_SECOND;
}

/** `cpuMicros` of a whole process. */
export const processCpuMicros = (pid: number) => cpuMicros(`/proc/${pid}/stat`);
