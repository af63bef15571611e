/** Reading Linux's /proc for the benches: a process's stat fields. */
import { readFileSync } from 'node:fs';

/**
 * The fields of /proc/`pid`/stat after the parenthesised command name (which may hold spaces and
 * parentheses, so the split is after the last ')'): [0] state, [1] ppid, [11] utime, [12] stime
 * (clock ticks).
 * @throws when the process does not exist (any more)
 */
export function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}
