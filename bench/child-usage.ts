// What a timed child process prints as it exits (`node --import USAGE_HOOK …`): its CPU time (every
// thread) and its peak resident set. The peak is the process's own (VmHWM of the memory it has since
// it started running node), not getrusage's maxRSS: Linux keeps maxRSS across the fork and exec that
// spawn it, so a child of a large bench process reported the bench's size (1.6 GB for a 50 MB explain).
// (no `?` or `#` in the hook: they would end the data: URL's path)
export const USAGE_HOOK =
  'data:text/javascript,import fs from "node:fs";process.on("exit",()=>{const u=process.resourceUsage();' +
  'const m=/VmHWM:\\s+(\\d+)/.exec(fs.readFileSync("/proc/self/status","utf8"));' +
  'process.stderr.write("\\nerrdex-usage "+u.userCPUTime+" "+u.systemCPUTime+" "+(m&&m[1]||u.maxRSS)+"\\n")})';

/** The usage USAGE_HOOK printed on `stderr`: CPU in ms, peak RSS in MB; null when it printed none. */
export function childUsage(stderr: string): { cpuMs: number; rssMb: number } | null {
  const m = /errdex-usage (\d+) (\d+) (\d+)/.exec(stderr);
  return m ? { cpuMs: (Number(m[1]) + Number(m[2])) / 1000, rssMb: Number(m[3]) / 1024 } : null;
}
