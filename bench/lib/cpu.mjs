// CPU time of a process, for benches that split a run's cost between the server and the load tool.
import { readFileSync } from 'node:fs';

/**
 * The fields of /proc/<which>/stat after the command name (Linux), or null elsewhere.
 * @param {string} which a pid or "self"
 */
function statFields(which) {
  try {
    const stat = readFileSync(`/proc/${which}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** Two clock-tick fields as seconds (USER_HZ is 100 on Linux). @param {string[] | null} fields @param {number} at */
const seconds = (fields, at) =>
  fields ? (Number(fields[at]) + Number(fields[at + 1])) / 100 : null;

/**
 * CPU seconds (user + system, every thread) a process has used so far, from /proc, or null elsewhere.
 * @param {number | undefined} pid
 * @returns {number | null}
 */
export const cpuSeconds = (pid) =>
  pid === undefined ? null : seconds(statFields(String(pid)), 11);

/**
 * CPU seconds (user + system) of this process's children that have exited and been waited for, from
 * /proc/self, or null elsewhere: the difference across one run of a load tool started as a child is
 * that tool's CPU (the servers, still running, are not counted).
 * @returns {number | null}
 */
export const exitedChildrenCpuSeconds = () => seconds(statFields('self'), 13);
