// CPU time of a process, for benches that split a run's cost between the server and the load tool.
import { readFileSync } from 'node:fs';

/**
 * CPU seconds (user + system, every thread) a process has used so far, from /proc (Linux; USER_HZ is
 * 100 there), or null elsewhere.
 * @param {number | undefined} pid
 * @returns {number | null}
 */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU seconds (user + system) of this process's children that have exited and been waited for, from
 * /proc/self (Linux), or null elsewhere: the difference across one run of a load tool started as a
 * child is that tool's CPU (the servers, still running, are not counted).
 * @returns {number | null}
 */
export function exitedChildrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}
